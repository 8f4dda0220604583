#!/usr/bin/env tclsh
# tidy.tcl - remove clutter from Fossil checkouts according to config/tidy.rules
package require Tcl 8.6

set here [file dirname [file normalize [info script]]]
set rulesFile [file join $here .. config tidy.rules]
set dryRun [expr {"--dry-run" in $argv}]

proc readRules {path} {
    set rules {}
    set fh [open $path r]
    while {[gets $fh line] >= 0} {
        set line [string trim $line]
        if {$line eq "" || [string index $line 0] eq "#"} continue
        set scope [lindex $line 0]
        set glob [string trim [string range $line [string length $scope] end]]
        lappend rules $scope $glob
    }
    close $fh
    return $rules
}

proc checkouts {} {
    if {[catch {exec fossil all list --ckout} out]} { return {} }
    set dirs {}
    foreach l [split $out \n] {
        set d [string trim $l]
        if {$d ne "" && [file isdirectory $d]} { lappend dirs $d }
    }
    return $dirs
}

proc expand {base glob} {
    # Brace groups expand to several globs; plain globs match directly.
    set out {}
    if {[string index $glob 0] eq "\{"} {
        foreach g [lindex $glob 0] { lappend out {*}[glob -nocomplain -directory $base -- $g] }
    } else {
        lappend out {*}[glob -nocomplain -directory $base -types {f d hidden} -- $glob]
        lappend out {*}[glob -nocomplain -directory $base -- $glob]
    }
    return [lsort -unique $out]
}

set removed 0
set freed 0
foreach {scope glob} [readRules $rulesFile] {
    switch -- $scope {
        ckout { set bases [checkouts] }
        home  { set bases [list [file normalize ~]] }
        default { continue }
    }
    foreach base $bases {
        foreach victim [expand $base $glob] {
            if {[file tail $victim] in {. ..}} continue
            catch { incr freed [file size $victim] }
            if {$dryRun} {
                puts "would remove $victim"
            } else {
                file delete -force -- $victim
            }
            incr removed
        }
    }
}
puts [format "%s %d entries (%.1f MB)" [expr {$dryRun ? "would remove" : "removed"}] $removed [expr {$freed / 1048576.0}]]
