# elm-clean.nu - guarded cleanup of elm-stuff and unused ~/.elm package versions

def guard-root [root: path] {
    let r = ($root | path expand)
    let home = ($env.HOME | path expand)
    if $r == "/" or $r == $home or (not ($r | str starts-with $"($home)/")) {
        error make { msg: $"refusing to scan ($r): choose a project folder below ($home)" }
    }
    if ($r | path type) != "dir" { error make { msg: $"($r) is not a directory" } }
    $r
}

def elm-projects [root: path] {
    glob $"($root)/**/elm.json" --depth 8 --exclude [**/node_modules/** **/elm-stuff/**]
    | each {|f| $f | path dirname }
}

def stuff-dirs [root: path] {
    elm-projects $root
    | each {|p| $p | path join "elm-stuff" }
    | where {|d| ($d | path exists) and (($d | path type) == "dir") }
    | where {|d| (ls -D $d | get 0.type) != "symlink" }
    | where {|d| ($d | path expand) | str starts-with $root }
    | each {|d| { kind: "elm-stuff", path: $d, size: (du $d | get 0.physical) } }
}

def referenced-versions [root: path] {
    elm-projects $root | each {|p|
        let j = (open ($p | path join "elm.json"))
        let deps = ($j | get -i dependencies | default {})
        [($deps | get -i direct | default {}), ($deps | get -i indirect | default {})]
        | each {|m| $m | transpose name version } | flatten
    } | flatten | each {|r| $"($r.name)@($r.version)" } | uniq
}

def stale-packages [root: path] {
    let pkgroot = ($env.HOME | path join ".elm")
    if not ($pkgroot | path exists) { return [] }
    let used = (referenced-versions $root)
    glob $"($pkgroot)/*/packages/*/*/*" --depth 5
    | where {|v| ($v | path type) == "dir" }
    | each {|v| let parts = ($v | path split | last 3); { pkg: $"($parts.0)/($parts.1)", version: $parts.2, path: $v } }
    | group-by pkg
    | items {|pkg, rows|
        let newest = ($rows | sort-by version --natural | last | get version)
        $rows | where {|r| $r.version != $newest and (not ($"($r.pkg)@($r.version)" in $used)) }
    }
    | flatten
    | each {|r| { kind: "package", path: $r.path, size: (du $r.path | get 0.physical) } }
}

export def "elm-clean scan" [
    root: path
    --apply   # actually remove (asks first)
    --trash   # move to trash with gio instead of deleting
] {
    let r = (guard-root $root)
    let plan = ((stuff-dirs $r) | append (stale-packages $r))
    if ($plan | is-empty) { print "nothing to clean"; return }
    print ($plan | sort-by size --reverse)
    let total = ($plan | get size | math sum)
    print $"total: ($total) in ($plan | length) folders"
    if not $apply { print "dry run; re-run with --apply to remove"; return }
    let answer = (input $"remove ($plan | length) folders \(($total)\)? type 'yes': ")
    if $answer != "yes" { print "aborted"; return }
    for item in $plan {
        if $trash { ^gio trash $item.path } else { rm -r $item.path }
        print $"removed ($item.path)"
    }
}
