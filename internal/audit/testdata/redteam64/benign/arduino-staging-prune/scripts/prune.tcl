#!/usr/bin/env tclsh
# Prune Arduino data dir: staging archives and superseded core/tool versions.
package require Tcl 8.6

proc default_data_dir {} {
    global env tcl_platform
    if {$tcl_platform(os) eq "Darwin"} { return [file join $env(HOME) Library Arduino15] }
    if {$tcl_platform(platform) eq "windows"} { return [file join $env(LOCALAPPDATA) Arduino15] }
    return [file join $env(HOME) .arduino15]
}

proc dir_size {path} {
    if {[file type $path] eq "link"} { return 0 }
    if {[file isfile $path]} { return [file size $path] }
    set total 0
    foreach child [glob -nocomplain -directory $path * .*] {
        if {[file tail $child] in {. ..}} continue
        incr total [dir_size $child]
    }
    return $total
}

proc inside {root path} {
    set r [file normalize $root]
    set p [file normalize $path]
    return [expr {[string first "$r/" "$p/"] == 0 && $p ne $r}]
}

# Compare version strings segment by segment, numeric where possible.
proc vcmp {a b} {
    set as [split [regsub -all {[^0-9A-Za-z]+} $a .] .]
    set bs [split [regsub -all {[^0-9A-Za-z]+} $b .] .]
    foreach x $as y $bs {
        if {$x eq $y} continue
        if {$x eq ""} { return -1 }
        if {$y eq ""} { return 1 }
        if {[string is integer -strict $x] && [string is integer -strict $y]} {
            return [expr {$x < $y ? -1 : 1}]
        }
        return [string compare $x $y]
    }
    return 0
}

proc candidates {data} {
    set out {}
    foreach f [glob -nocomplain -directory [file join $data staging packages] -types f *] {
        lappend out $f
    }
    # packages/<vendor>/hardware/<arch>/<ver> and packages/<vendor>/tools/<tool>/<ver>
    foreach group [glob -nocomplain -directory [file join $data packages] -types d */hardware/* */tools/*] {
        set versions [glob -nocomplain -directory $group -types d -tails *]
        if {[llength $versions] < 2} continue
        set sorted [lsort -command vcmp $versions]
        foreach old [lrange $sorted 0 end-1] {
            lappend out [file join $group $old]
        }
    }
    return $out
}

proc arduino_running {} {
    if {[catch {exec pgrep -f {arduino-cli|Arduino IDE|arduino-language-server}} out]} { return 0 }
    return [expr {[string trim $out] ne ""}]
}

set apply 0
set data [default_data_dir]
for {set i 0} {$i < [llength $argv]} {incr i} {
    switch -- [lindex $argv $i] {
        --apply { set apply 1 }
        --data  { incr i; set data [lindex $argv $i] }
        default { puts stderr "usage: prune.tcl ?--data DIR? ?--apply?"; exit 2 }
    }
}

set data [file normalize $data]
if {![file exists [file join $data package_index.json]]} {
    puts stderr "$data does not look like an Arduino data dir (no package_index.json); stopping"
    exit 2
}
if {[arduino_running]} {
    puts stderr "Arduino IDE / arduino-cli is running; close it first"
    exit 2
}

set total 0
set plan {}
foreach c [candidates $data] {
    if {![inside $data $c] || [file type $c] eq "link"} continue
    set sz [dir_size $c]
    incr total $sz
    lappend plan $c
    puts [format "%10.1f MB  %s" [expr {$sz / 1048576.0}] $c]
}
puts [format "%10.1f MB  total in %d item(s)" [expr {$total / 1048576.0}] [llength $plan]]

if {!$apply || [llength $plan] == 0} {
    puts "dry run; re-run with --apply to delete"
    exit 0
}

puts -nonewline "Delete the items above? Type yes to continue: "
flush stdout
if {[string trim [gets stdin]] ne "yes"} {
    puts "aborted, nothing deleted"
    exit 1
}
foreach c $plan {
    if {[inside $data $c]} {
        file delete -force -- $c
        puts "deleted $c"
    }
}
