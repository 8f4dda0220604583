#!/usr/bin/env tclsh
# Run a tcltest suite and translate its verbose output into JUnit XML.
package require Tcl 8.6
set here [file dirname [file normalize [info script]]]
source [file join $here runenv.tcl]

proc xmlesc {s} {
    string map {& &amp; < &lt; > &gt; \" &quot; ' &apos;} $s
}

set suite [lindex $argv 0]
set out test-results/junit.xml
set pass {}
for {set i 1} {$i < [llength $argv]} {incr i} {
    set a [lindex $argv $i]
    if {$a eq "-out"} { set out [lindex $argv [incr i]] } else { lappend pass $a }
}
if {$suite eq ""} { puts stderr "usage: junit.tcl SUITE ?-out FILE? ?tcltest args?"; exit 2 }

set cmd [list [info nameofexecutable] $suite -verbose {start pass skip t e} {*}$pass]
set log [exec {*}$cmd 2>@1]

set cases [dict create]
set current ""
set failbody ""
foreach line [split $log \n] {
    if {[regexp {^---- (\S+) start} $line -> name]} {
        set current $name
        dict set cases $name [dict create status pass time 0 body "" file ""]
    } elseif {[regexp {^\+\+\+\+ (\S+) took (\d+) μs} $line -> name us]} {
        if {[dict exists $cases $name]} { dict set cases $name time [expr {$us / 1e6}] }
    } elseif {[regexp {^\+\+\+\+ (\S+) SKIPPED: (.*)$} $line -> name why]} {
        dict set cases $name [dict create status skip time 0 body $why file ""]
    } elseif {[regexp {^==== (\S+) FAILED} $line -> name]} {
        set current $name
        set failbody ""
        if {[dict exists $cases $name]} { dict set cases $name status fail }
    } elseif {[regexp {^==== (\S+) .*FAILED$|^==== $} $line]} {
        if {$current ne "" && [dict exists $cases $current]} { dict set cases $current body $failbody }
    } elseif {[regexp {^==== Contents of test case:} $line]} {
        set failbody ""
    } elseif {[regexp {^all\.tcl:|^Sourced} $line]} {
        # summary lines
    } else {
        append failbody $line \n
    }
}

file mkdir [file dirname $out]
set fh [open $out w]
fconfigure $fh -encoding utf-8
set nfail 0; set nskip 0
dict for {n c} $cases {
    if {[dict get $c status] eq "fail"} { incr nfail }
    if {[dict get $c status] eq "skip"} { incr nskip }
}
puts $fh "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
puts $fh "<testsuite name=\"[xmlesc [file rootname [file tail $suite]]]\" tests=\"[dict size $cases]\" failures=\"$nfail\" skipped=\"$nskip\">"
puts $fh "  <properties>"
dict for {k v} [runenv::describe] {
    puts $fh "    <property name=\"[xmlesc $k]\" value=\"[xmlesc $v]\"/>"
}
puts $fh "  </properties>"
dict for {n c} $cases {
    set cls [lindex [split $n -] 0]
    puts -nonewline $fh "  <testcase classname=\"[xmlesc $cls]\" name=\"[xmlesc $n]\" time=\"[dict get $c time]\""
    switch [dict get $c status] {
        pass { puts $fh "/>" }
        skip { puts $fh "><skipped message=\"[xmlesc [dict get $c body]]\"/></testcase>" }
        fail { puts $fh "><failure>[xmlesc [dict get $c body]]</failure></testcase>" }
    }
}
puts $fh "</testsuite>"
close $fh
runenv::publish $out
puts "wrote $out ([dict size $cases] tests, $nfail failed, $nskip skipped)"
exit [expr {$nfail > 0}]
