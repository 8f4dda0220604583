#!/usr/bin/env tclsh
# gitk_theme.tcl - install a gitk colour scheme plus the forge-ref helper
package require Tcl 8.6

set here [file dirname [file normalize [info script]]]
set root [file dirname $here]

proc usage {} {
    puts stderr "usage: gitk_theme.tcl --scheme NAME | --restore | --list"
    exit 2
}

proc gitk_config_path {} {
    if {[info exists ::env(XDG_CONFIG_HOME)] && $::env(XDG_CONFIG_HOME) ne ""} {
        set base $::env(XDG_CONFIG_HOME)
    } else {
        set base [file join $::env(HOME) .config]
    }
    return [file join $base git gitk]
}

proc read_file {path} {
    set fh [open $path r]
    set data [read $fh]
    close $fh
    return $data
}

proc write_file {path data} {
    file mkdir [file dirname $path]
    set fh [open $path w]
    puts -nonewline $fh $data
    close $fh
}

# Remove any block we wrote before so re-running is idempotent.
proc strip_managed {text} {
    regsub -all {# >>> gitk-color-schemes >>>.*?# <<< gitk-color-schemes <<<\n?} $text "" text
    return $text
}

proc install_scheme {name} {
    global root
    set theme [file join $root themes $name.tcl]
    if {![file exists $theme]} {
        puts stderr "unknown scheme: $name"
        exit 1
    }
    set cfg [gitk_config_path]
    set current ""
    if {[file exists $cfg]} {
        set current [read_file $cfg]
        file copy -force $cfg $cfg.bak
    }
    set helperdir [file join [file dirname $cfg] gitk-forge]
    file mkdir $helperdir
    file copy -force [file join $root lib forge_refs.tcl] [file join $helperdir forge_refs.tcl]

    set block "# >>> gitk-color-schemes >>>\n"
    append block [read_file $theme]
    append block "catch {source [list [file join $helperdir forge_refs.tcl]]}\n"
    append block "# <<< gitk-color-schemes <<<\n"

    write_file $cfg "[strip_managed $current]$block"
    puts "installed $name into $cfg (backup: $cfg.bak)"
}

proc restore {} {
    set cfg [gitk_config_path]
    if {[file exists $cfg.bak]} {
        file copy -force $cfg.bak $cfg
        puts "restored $cfg"
    } else {
        puts stderr "no backup at $cfg.bak"
    }
}

if {[llength $argv] == 0} usage
switch -- [lindex $argv 0] {
    --scheme  { install_scheme [lindex $argv 1] }
    --restore { restore }
    --list    { foreach f [glob -directory [file join $root themes] *.tcl] { puts [file rootname [file tail $f]] } }
    default   usage
}
