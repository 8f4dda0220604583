#!/usr/bin/env wish
# xkb-switch.tcl - floating keyboard layout indicator/switcher for X11.
package require Tk

set cfgHome [expr {[info exists env(XDG_CONFIG_HOME)] ? $env(XDG_CONFIG_HOME) : "$env(HOME)/.config"}]
set cfgDir "$cfgHome/xkb-switch"

proc readLayouts {} {
    global cfgDir
    set layouts {}
    if {[file exists "$cfgDir/layouts"]} {
        set f [open "$cfgDir/layouts"]
        foreach l [split [read $f] \n] { if {[string trim $l] ne ""} { lappend layouts [string trim $l] } }
        close $f
    }
    if {![llength $layouts]} { set layouts {us} }
    return $layouts
}

proc currentLayout {} {
    foreach line [split [exec setxkbmap -query] \n] {
        if {[regexp {^layout:\s+(\S+)} $line -> l]} { return [lindex [split $l ,] 0] }
    }
    return ??
}

proc setLayout {l} {
    exec setxkbmap -layout $l
    .b configure -text $l
}

proc nextLayout {} {
    set layouts [readLayouts]
    set i [lsearch $layouts [currentLayout]]
    setLayout [lindex $layouts [expr {($i + 1) % [llength $layouts]}]]
}

proc savePos {} {
    global cfgDir
    file mkdir $cfgDir
    set f [open "$cfgDir/position" w]
    puts $f [wm geometry .]
    close $f
}

wm overrideredirect . 1
wm attributes . -topmost 1
if {[file exists "$cfgDir/position"]} {
    set f [open "$cfgDir/position"]; wm geometry . [string trim [read $f]]; close $f
}
button .b -text [currentLayout] -width 4 -relief flat -command nextLayout
pack .b

menu .m -tearoff 0
foreach l [readLayouts] { .m add command -label $l -command [list setLayout $l] }
bind .b <Button-3> {tk_popup .m %X %Y}
bind .b <B2-Motion> {wm geometry . +[expr {%X - 20}]+[expr {%Y - 10}]}
bind .b <ButtonRelease-2> savePos

proc poll {} { .b configure -text [currentLayout]; after 1000 poll }
poll
