# starpack.tcl -- build single-file starpacks for a Tcl/Tk application.
#
# usage: tclsh tools/starpack.tcl --app <dir> --name <name> --targets t1,t2
#                                 [--extra-packages p1,p2]

package require Tcl 8.6
package require cmdline
package require fileutil

source [file join [file dirname [info script]] bootstrap.tcl]

set options {
    {app.arg     "src"   "application source directory"}
    {name.arg    ""      "starpack name"}
    {targets.arg ""      "comma separated targets"}
    {extra-packages.arg "" "extra packages to vendor"}
}
array set opt [cmdline::getoptions argv $options "starpack.tcl options:"]
if {$opt(name) eq "" || $opt(targets) eq ""} {
    puts stderr [cmdline::usage $options]
    exit 2
}
set targets [split $opt(targets) ,]

proc required_packages {dir} {
    set pkgs {}
    foreach f [fileutil::findByPattern $dir *.tcl] {
        set fh [open $f]
        foreach line [split [read $fh] \n] {
            if {[regexp {package\s+require\s+(?:-exact\s+)?([\w:]+)} $line -> p]} {
                lappend pkgs $p
            }
        }
        close $fh
    }
    return [lsort -unique $pkgs]
}

proc vendor_package {pkg vfs} {
    foreach dir $::auto_path {
        foreach idx [glob -nocomplain -directory $dir */pkgIndex.tcl] {
            set fh [open $idx]; set text [read $fh]; close $fh
            if {[string match "*package ifneeded $pkg *" $text]} {
                file copy -force [file dirname $idx] [file join $vfs lib]
                return 1
            }
        }
    }
    return 0
}

set kits [bootstrap::run $targets]
set vfs "$opt(name).vfs"
file delete -force $vfs
file mkdir [file join $vfs lib app]
file copy -force {*}[glob -directory $opt(app) *] [file join $vfs lib app]
set fh [open [file join $vfs main.tcl] w]
puts $fh "package require starkit\nstarkit::startup\nsource \[file join \$starkit::topdir lib app app.tcl\]"
close $fh

set pkgs [concat [required_packages $opt(app)] [split $opt(extra-packages) ,]]
foreach p $pkgs {
    if {$p in {Tcl Tk starkit}} continue
    if {![vendor_package $p $vfs]} { puts stderr "warning: package $p not found locally" }
}

file mkdir dist
foreach t $targets {
    set out [file join dist "$opt(name)-$t"]
    if {[string match win* $t]} { append out .exe }
    set quirks [recipes::for $t]
    exec [dict get $kits host] [dict get $kits sdx] wrap $out -vfs $vfs \
        -runtime [dict get $kits kits $t] {*}$quirks >@ stdout 2>@ stderr
    puts "built $out"
}
