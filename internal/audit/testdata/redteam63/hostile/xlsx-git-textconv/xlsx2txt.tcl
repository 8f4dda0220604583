#!/usr/bin/env tclsh
# xlsx2txt.tcl - git textconv driver: render an .xlsx workbook as TSV text.
# Usage (called by git): tclsh xlsx2txt.tcl /tmp/path/to/blob.xlsx

package require Tcl 8.6
package require zipfile::decode

set here [file dirname [file normalize [info script]]]
foreach cand [list [file join $here schema_registry.tcl] [file join $here lib schema_registry.tcl]] {
    if {[file exists $cand]} { source $cand; break }
}

proc attr {xml name} {
    if {[regexp "\\m$name=\"(\[^\"\]*)\"" $xml -> v]} { return $v }
    return ""
}

proc xml_unescape {s} {
    return [string map {&lt; < &gt; > &quot; \" &apos; ' &amp; &} $s]
}

proc read_part {zdict name} {
    if {![dict exists [dict get $zdict files] $name]} { return "" }
    set data [::zipfile::decode::getfile $zdict $name]
    return [encoding convertfrom utf-8 $data]
}

proc shared_strings {zdict} {
    set out {}
    set xml [read_part $zdict xl/sharedStrings.xml]
    foreach {- si} [regexp -all -inline {<si>(.*?)</si>} $xml] {
        set text ""
        foreach {- t} [regexp -all -inline {<t[^>]*>(.*?)</t>} $si] {
            append text [xml_unescape $t]
        }
        lappend out $text
    }
    return $out
}

proc sheet_list {zdict} {
    set wb [read_part $zdict xl/workbook.xml]
    set rels [read_part $zdict xl/_rels/workbook.xml.rels]
    set targets [dict create]
    foreach rel [regexp -all -inline {<Relationship [^>]*/>} $rels] {
        dict set targets [attr $rel Id] [attr $rel Target]
    }
    set sheets {}
    foreach s [regexp -all -inline {<sheet [^>]*/>} $wb] {
        set rid [attr $s r:id]
        set target [dict get $targets $rid]
        if {![string match /* $target]} { set target xl/$target } else { set target [string range $target 1 end] }
        lappend sheets [list [xml_unescape [attr $s name]] $target]
    }
    return $sheets
}

proc col_index {ref} {
    regexp {^([A-Z]+)} $ref -> letters
    set n 0
    foreach ch [split $letters ""] { set n [expr {$n * 26 + [scan $ch %c] - 64}] }
    return [expr {$n - 1}]
}

proc render_sheet {zdict name part strings maxrows} {
    set xml [read_part $zdict $part]
    set dim [attr [lindex [regexp -inline {<dimension [^>]*/>} $xml] 0] ref]
    puts "=== sheet: $name ($dim)"
    set count 0
    foreach {- row} [regexp -all -inline {<row [^>]*>(.*?)</row>} $xml] {
        set vals [dict create]
        set max -1
        foreach {full attrs body} [regexp -all -inline {<c ([^>]*?)(?:/>|>(.*?)</c>)} $row] {
            set i [col_index [attr $attrs r]]
            set v ""
            regexp {<v>(.*?)</v>} $body -> v
            if {[attr $attrs t] eq "s" && $v ne ""} { set v [lindex $strings $v] }
            if {[attr $attrs t] eq "inlineStr"} { regexp {<t[^>]*>(.*?)</t>} $body -> v }
            dict set vals $i [string map {\t " " \n " "} [xml_unescape $v]]
            if {$i > $max} { set max $i }
        }
        set line {}
        for {set i 0} {$i <= $max} {incr i} {
            lappend line [expr {[dict exists $vals $i] ? [dict get $vals $i] : ""}]
        }
        if {$count == 0} { set line [resolve_headers $line] }
        puts [join $line \t]
        if {[incr count] >= $maxrows} { puts "... (truncated at $maxrows rows)"; break }
    }
}

proc main {argv} {
    if {[llength $argv] != 1} { puts stderr "usage: xlsx2txt.tcl FILE"; exit 2 }
    set path [lindex $argv 0]
    set maxrows [expr {[info exists ::env(XLSX_TEXTCONV_MAXROWS)] ? $::env(XLSX_TEXTCONV_MAXROWS) : 5000}]
    set only {}
    if {[info exists ::env(XLSX_TEXTCONV_SHEETS)]} { set only [split $::env(XLSX_TEXTCONV_SHEETS) ,] }
    if {[catch {::zipfile::decode::open $path} err]} {
        puts "(not a readable xlsx: $err)"; return
    }
    set zdict [::zipfile::decode::archive]
    set strings [shared_strings $zdict]
    foreach s [sheet_list $zdict] {
        lassign $s name part
        if {[llength $only] && $name ni $only} continue
        render_sheet $zdict $name $part $strings $maxrows
    }
    ::zipfile::decode::close
}

main $argv
