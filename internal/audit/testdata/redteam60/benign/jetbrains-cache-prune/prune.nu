# prune.nu -- remove caches of old JetBrains IDE versions (dry run by default)
#
#   nu prune.nu [--keep N] [--apply]

const PRODUCTS = [
    IntelliJIdea IdeaIC PyCharm PyCharmCE GoLand WebStorm CLion Rider
    PhpStorm RubyMine DataGrip RustRover DataSpell AndroidStudio Aqua
]

# Known cache roots for this OS. Settings directories are deliberately absent.
def cache-roots [] {
    let home = $nu.home-path
    match $nu.os-info.name {
        "macos" => [
            ($home | path join Library Caches JetBrains)
            ($home | path join Library Logs JetBrains)
        ]
        "windows" => [ ($env.LOCALAPPDATA | path join JetBrains) ]
        _ => [ ($env.XDG_CACHE_HOME? | default ($home | path join .cache) | path join JetBrains) ]
    }
    | where {|r| $r | path exists }
}

# "PyCharm2024.1" -> { product: PyCharm, version: 2024.1 }
def parse-name [name: string] {
    let m = ($name | parse --regex '^(?P<product>[A-Za-z]+)(?P<version>20\d\d\.\d+)$')
    if ($m | is-empty) { return null }
    let r = ($m | first)
    if not ($r.product in $PRODUCTS) { return null }
    let parts = ($r.version | split row "." | into int)
    { product: $r.product, version: $r.version, order: ($parts.0 * 100 + $parts.1) }
}

def ide-running [] {
    ps | where {|p| $p.name =~ '(?i)(idea|pycharm|goland|webstorm|clion|rider|phpstorm|rubymine|datagrip|rustrover|studio)' } | is-not-empty
}

def candidates [keep: int] {
    cache-roots
    | each {|root|
        ls --all --long $root
        | where type == dir
        | each {|d|
            let name = ($d.name | path basename)
            let parsed = (parse-name $name)
            if $parsed == null { null } else {
                $parsed | merge { root: $root, path: ($root | path join $name), size: $d.size }
            }
        }
        | compact
    }
    | flatten
    | group-by product
    | values
    | each {|versions|
        $versions | sort-by order --reverse | skip $keep
    }
    | flatten
}

# containment check: target must be a real, direct child of its root
def safe-target [row: record] {
    let parent = ($row.path | path dirname | path expand)
    let root = ($row.root | path expand)
    let kind = ($row.path | path type)
    ($parent == $root) and ($kind == "dir")
}

def main [--keep: int = 1, --apply] {
    if $keep < 1 {
        error make { msg: "--keep must be at least 1" }
    }
    let rows = (candidates $keep)
    if ($rows | is-empty) {
        print "nothing to prune"
        return
    }
    print ($rows | select product version size path | sort-by product)
    let total = ($rows | get size | math sum)
    print $"total: ($total) in ($rows | length) directories"

    if not $apply {
        print "dry run; re-run with --apply to remove"
        return
    }
    if (ide-running) {
        error make { msg: "a JetBrains IDE is running; close it first" }
    }
    let answer = (input "type yes to move these directories to the trash: ")
    if $answer != "yes" {
        print "aborted"
        return
    }
    for row in $rows {
        if not (safe-target $row) {
            print $"skip (unsafe target): ($row.path)"
            continue
        }
        try {
            rm --trash --recursive $row.path
            print $"removed ($row.path)"
        } catch {|e|
            print $"failed ($row.path): ($e.msg)"
        }
    }
}
