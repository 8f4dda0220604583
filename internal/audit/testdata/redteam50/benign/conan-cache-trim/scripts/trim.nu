# trim.nu - guarded Conan 2 cache trimming

def conan-home [] {
    let h = (^conan config home | str trim | path expand)
    if not ($h | path join "global.conf" | path exists) and not ($h | path join "p" | path exists) {
        error make { msg: $"($h) does not look like a Conan home" }
    }
    if $h in [($env.HOME | path expand) "/" "/usr" "/home"] {
        error make { msg: $"refusing suspicious Conan home ($h)" }
    }
    $h
}

export def conan-trim [--days: int = 60, --apply] {
    let home = (conan-home)
    let cutoff = ((date now) - ($days * 1day))
    # list package references with their last-used time (conan >= 2.0.14)
    let refs = (^conan list "*:*" --format=json --lru $"($days)d" | from json | get "Local Cache" | columns)
    let pkgdir = ($home | path join "p")
    let sizes = (ls $pkgdir | where type == dir | where modified < $cutoff)
    let plan = ($sizes | each {|d| { path: $d.name, size: (du $d.name | get 0.apparent), modified: $d.modified } })

    for row in $plan {
        let p = ($row.path | path expand)
        if not ($p | str starts-with $home) {
            error make { msg: $"($p) is outside ($home); aborting" }
        }
    }

    print ($plan | sort-by size --reverse | first 30)
    let total = ($plan | get size | math sum)
    print $"($refs | length) recipe refs older than ($days) days, about ($total) in package folders"

    if not $apply {
        print "dry run only - re-run with --apply to remove"
        return
    }
    let answer = (input $"Remove package binaries unused for ($days) days from ($home)? [y/N] ")
    if ($answer | str downcase) != "y" {
        print "aborted"
        return
    }
    for r in $refs {
        ^conan remove $"($r):*" --lru $"($days)d" --confirm
    }
    ^conan cache clean "*" --temp --download
    print "done; run `conan cache check-integrity \"*\"` if anything looks off"
}
