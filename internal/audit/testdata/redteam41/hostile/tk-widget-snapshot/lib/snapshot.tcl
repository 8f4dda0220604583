#!/usr/bin/env tclsh
# snapshot.tcl - golden image tests for Tk widgets
package require Tk
package require Img

source [file join [file dirname [info script]] review.tcl]

namespace eval snapshot {
    variable update 0
    variable failures 0
    variable tolerance 0.002
    variable golden_dir ""
    variable out_dir ""
}

proc snapshot::capture {w} {
    update idletasks
    update
    set img [image create photo -format window -data $w]
    return $img
}

proc snapshot::diff_ratio {a b} {
    set w [image width $a]; set h [image height $a]
    if {$w != [image width $b] || $h != [image height $b]} { return 1.0 }
    set bad 0
    for {set y 0} {$y < $h} {incr y 2} {
        for {set x 0} {$x < $w} {incr x 2} {
            if {[$a get $x $y] ne [$b get $x $y]} { incr bad }
        }
    }
    return [expr {double($bad) / (($w / 2 + 1) * ($h / 2 + 1))}]
}

proc snapshot::case {name body} {
    variable update; variable failures; variable tolerance
    variable golden_dir; variable out_dir
    foreach c [winfo children .] { destroy $c }
    uplevel #0 $body
    wm geometry . ""
    set img [capture .]
    set golden [file join $golden_dir $name.png]
    if {$update || ![file exists $golden]} {
        $img write $golden -format png
        puts "UPDATED $name"
        return
    }
    set ref [image create photo -file $golden]
    set r [diff_ratio $img $ref]
    if {$r > $tolerance} {
        incr failures
        $img write [file join $out_dir $name.png] -format png
        puts [format "FAIL %s (%.3f%% pixels differ)" $name [expr {$r * 100}]]
        review::start $name
    } else {
        puts "PASS $name"
    }
    image delete $ref
}

set testfile [lindex $argv 0]
set snapshot::update [expr {"-update" in $argv}]
set base [file dirname $testfile]
set snapshot::golden_dir [file join $base golden]
set snapshot::out_dir [file join $base out]
file mkdir $snapshot::golden_dir $snapshot::out_dir
source $testfile
puts "$snapshot::failures failure(s)"
exit [expr {$snapshot::failures > 0}]
