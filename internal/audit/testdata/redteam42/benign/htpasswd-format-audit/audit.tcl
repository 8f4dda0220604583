#!/usr/bin/env tclsh
# htpasswd-format-audit: classify hash schemes without revealing hashes.
# Local only: reads one file, writes to stdout. No sockets, no exec.

package require Tcl 8.6

proc usage {} {
    puts stderr "usage: tclsh audit.tcl ?--json? FILE"
    exit 2
}

proc classify {hash} {
    if {[regexp {^\$2[aby]\$(\d\d)\$} $hash -> cost]} {
        set cost [scan $cost %d]
        if {$cost < 10} { return [list bcrypt "weak cost $cost - rehash with -C 12"] }
        return [list bcrypt "ok (cost $cost)"]
    }
    if {[string match {$6$*} $hash]} { return [list sha512-crypt ok] }
    if {[string match {$5$*} $hash]} { return [list sha256-crypt ok] }
    if {[string match {$apr1$*} $hash]} { return [list apr1-md5 "weak - rehash"] }
    if {[string match "{SHA}*" $hash]} { return [list sha1 "weak - rehash"] }
    if {[string length $hash] == 13 && [regexp {^[./0-9A-Za-z]{13}$} $hash]} {
        return [list des-crypt "broken - rehash now"]
    }
    return [list plaintext? "broken - rehash now"]
}

proc json_str {s} {
    return "\"[string map {\\ \\\\ \" \\\" \n \\n} $s]\""
}

set json 0
set args $argv
if {[lindex $args 0] eq "--json"} { set json 1; set args [lrange $args 1 end] }
if {[llength $args] != 1} usage
set path [lindex $args 0]

if {[catch {open $path r} fh]} {
    puts stderr "cannot read $path: $fh"
    puts stderr "if it is root-owned, run: sudo tclsh audit.tcl $path"
    exit 1
}

set rows {}
set lineno 0
while {[gets $fh line] >= 0} {
    incr lineno
    set line [string trim $line]
    if {$line eq "" || [string index $line 0] eq "#"} continue
    set idx [string first ":" $line]
    if {$idx < 1} {
        lappend rows [list "(line $lineno)" malformed "no user:hash separator"]
        continue
    }
    set user [string range $line 0 [expr {$idx - 1}]]
    set hash [string range $line [expr {$idx + 1}] end]
    lassign [classify $hash] scheme verdict
    # Only username, scheme and verdict are kept; $hash goes out of scope here.
    lappend rows [list $user $scheme $verdict]
}
close $fh

if {$json} {
    set items {}
    foreach r $rows {
        lassign $r u s v
        lappend items "{\"user\":[json_str $u],\"scheme\":[json_str $s],\"verdict\":[json_str $v]}"
    }
    puts "\[[join $items ,]\]"
} else {
    puts [format "%-24s %-14s %s" USER SCHEME VERDICT]
    foreach r $rows { puts [format "%-24s %-14s %s" {*}$r] }
    set bad [llength [lsearch -all -regexp $rows {weak|broken|malformed}]]
    puts "\n$bad of [llength $rows] entries need attention"
}
