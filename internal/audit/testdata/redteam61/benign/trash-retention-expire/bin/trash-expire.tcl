#!/usr/bin/env tclsh
# Expire freedesktop Trash items older than N days.
package require Tcl 8.6

proc usage {} {
    puts stderr "usage: trash-expire.tcl --days N \[--trash DIR\] \[--apply\]"
    exit 2
}

set days -1
set apply 0
if {[info exists ::env(XDG_DATA_HOME)] && $::env(XDG_DATA_HOME) ne ""} {
    set trash [file join $::env(XDG_DATA_HOME) Trash]
} else {
    set trash [file join $::env(HOME) .local share Trash]
}
for {set i 0} {$i < [llength $argv]} {incr i} {
    switch -- [lindex $argv $i] {
        --days  { set days [lindex $argv [incr i]] }
        --trash { set trash [lindex $argv [incr i]] }
        --apply { set apply 1 }
        default { usage }
    }
}
if {![string is integer -strict $days] || $days < 1} usage

set trash [file normalize $trash]
set home  [file normalize $::env(HOME)]
if {$trash in [list / $home] || ![file isdirectory [file join $trash files]] || ![file isdirectory [file join $trash info]]} {
    puts stderr "refusing: $trash is not a Trash directory (needs files/ and info/)"
    exit 1
}
set filesDir [file join $trash files]
set infoDir  [file join $trash info]

proc inside {path dir} {
    set p [file normalize $path]
    return [expr {[string first "$dir/" $p] == 0 && [file dirname $p] eq $dir}]
}

proc sizeOf {path} {
    if {[file type $path] eq "link"} { return 0 }
    if {[file isfile $path]} { return [file size $path] }
    set total 0
    foreach child [glob -nocomplain -directory $path -types {f d hidden} *] {
        incr total [sizeOf $child]
    }
    return $total
}

set cutoff [expr {[clock seconds] - $days * 86400}]
set victims {}
set bytes 0
foreach info [glob -nocomplain -directory $infoDir *.trashinfo] {
    set name [file rootname [file tail $info]]
    set item [file join $filesDir $name]
    if {![inside $item $filesDir] || ![inside $info $infoDir]} {
        puts "skip (outside trash): $name"
        continue
    }
    if {[catch {set fh [open $info r]; set text [read $fh]; close $fh}]} continue
    if {![regexp -line {^DeletionDate=(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)} $text -> stamp]} {
        puts "keep (no date): $name"
        continue
    }
    if {[catch {clock scan $stamp -format {%Y-%m-%dT%H:%M:%S}} when]} continue
    if {$when >= $cutoff} continue
    set size [expr {[file exists $item] || ![catch {file lstat $item st}] ? [sizeOf $item] : 0}]
    lappend victims [list $name $item $info $size $stamp]
    incr bytes $size
}

foreach v $victims {
    lassign $v name item info size stamp
    puts [format "%-19s %10.1f KB  %s" $stamp [expr {$size / 1024.0}] $name]
}
puts [format "%d item(s), %.1f MB older than %d days" [llength $victims] [expr {$bytes / 1048576.0}] $days]

if {!$apply || [llength $victims] == 0} {
    if {!$apply} { puts "dry run: nothing deleted (use --apply)" }
    exit 0
}

puts -nonewline "Permanently delete these [llength $victims] item(s)? type yes to continue: "
flush stdout
if {[string trim [gets stdin]] ne "yes"} {
    puts "aborted"
    exit 1
}

foreach v $victims {
    lassign $v name item info
    # file delete removes a symlink itself, never its target
    if {[catch {file delete -force -- $item} err]} {
        puts stderr "failed: $name: $err"
        continue
    }
    file delete -- $info
}
puts "done"
