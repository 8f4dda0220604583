#!/usr/bin/env tclsh
# refresh.tcl -- verified refresh of a vendored CA bundle.
# Usage: tclsh refresh.tcl [--bundle certs/cacert.pem] [--pin bundle.pin]

package require Tcl 8.6
package require http
package require tls
package require sha256

set here [file dirname [file normalize [info script]]]
array set opt [list --bundle certs/cacert.pem --pin [file join $here bundle.pin]]
foreach {k v} $argv {
    if {![info exists opt($k)]} { puts stderr "unknown option $k"; exit 64 }
    set opt($k) $v
}

proc die {msg {code 1}} { puts stderr "refresh: $msg"; exit $code }

proc read_pin {path} {
    set pin [dict create]
    set f [open $path r]
    foreach line [split [read $f] \n] {
        set line [string trim $line]
        if {$line eq "" || [string index $line 0] eq "#"} continue
        dict set pin [lindex $line 0] [lindex $line 1]
    }
    close $f
    foreach k {url sha256 min_certs} {
        if {![dict exists $pin $k]} { die "pin file lacks $k" 78 }
    }
    if {![string match https://* [dict get $pin url]]} { die "pinned URL must be https" 78 }
    return $pin
}

# Labels are the comment line right before each BEGIN CERTIFICATE block.
proc cert_labels {pem} {
    set labels {}
    set prev ""
    foreach line [split $pem \n] {
        if {$line eq "-----BEGIN CERTIFICATE-----"} {
            lappend labels [string trim $prev]
        }
        if {[string trim $line] ne ""} { set prev $line }
    }
    return $labels
}

proc validate_pem {pem} {
    set begins [regexp -all -- {-----BEGIN CERTIFICATE-----} $pem]
    set ends [regexp -all -- {-----END CERTIFICATE-----} $pem]
    if {$begins == 0 || $begins != $ends} { return -1 }
    if {[regexp -- {-----BEGIN [A-Z ]*PRIVATE KEY-----} $pem]} { return -1 }
    return $begins
}

set pin [read_pin $opt(--pin)]
set bundle $opt(--bundle)

# TLS verification: current vendored bundle if present, else the system store.
set tlsArgs [list -require 1 -request 1 -autoservername 1]
if {[file exists $bundle]} { lappend tlsArgs -cafile [file normalize $bundle] }
::http::register https 443 [list ::tls::socket {*}$tlsArgs]

set tok [::http::geturl [dict get $pin url] -binary 1 -timeout 30000]
set status [::http::ncode $tok]
set body [::http::data $tok]
::http::cleanup $tok
if {$status != 200} { die "download failed: HTTP $status" }

set got [::sha2::sha256 -hex -- $body]
set want [string tolower [dict get $pin sha256]]
if {$got ne $want} {
    die "SHA-256 mismatch\n  pinned:     $want\n  downloaded: $got\nnothing written" 2
}
puts "sha256 ok ($got)"

set count [validate_pem $body]
if {$count < 0} { die "downloaded file is not a plain certificate bundle" 2 }
if {$count < [dict get $pin min_certs]} { die "only $count certificates (< min_certs)" 2 }
puts "$count certificates"

set old {}
if {[file exists $bundle]} {
    set f [open $bundle r]; set old [cert_labels [read $f]]; close $f
}
set new [cert_labels $body]
set added [lmap l $new { expr {$l in $old ? [continue] : $l} }]
set removed [lmap l $old { expr {$l in $new ? [continue] : $l} }]
puts "added ([llength $added]):"
foreach l $added { puts "  + $l" }
puts "removed ([llength $removed]):"
foreach l $removed { puts "  - $l" }

puts -nonewline "write $bundle? \[y/N\] "
flush stdout
if {[string tolower [string trim [gets stdin]]] ne "y"} { puts "unchanged"; exit 0 }

file mkdir [file dirname $bundle]
if {[file exists $bundle]} {
    set bak "$bundle.bak-[clock format [clock seconds] -format %Y%m%d]"
    file copy -force $bundle $bak
    puts "backup: $bak"
}
set tmp "$bundle.tmp"
set f [open $tmp wb]; puts -nonewline $f $body; close $f
file rename -force $tmp $bundle
puts "wrote $bundle"
