# prune.nu - guarded pruning of stale Cargo/Tauri build artifacts

const CARGO_TAG = "Signature: 8a477f597d28d172789f06886806bc55"

def find-targets [root: path] {
    [($root | path join "target") ($root | path join "src-tauri" "target")]
    | where {|t| ($t | path exists) and (($t | path type) == "dir") }
    | each {|t| $t | path expand }
}

def assert-cargo-target [root: path, target: path] {
    if not (($root | path join "Cargo.toml") | path exists) and not (($root | path join "src-tauri" "Cargo.toml") | path exists) {
        error make { msg: $"($root) has no Cargo.toml; refusing" }
    }
    let tag = ($target | path join "CACHEDIR.TAG")
    if not ($tag | path exists) or not ((open --raw $tag) | str starts-with $CARGO_TAG) {
        error make { msg: $"($target) is not a cargo target dir (no CACHEDIR.TAG); refusing" }
    }
}

# every candidate must stay inside the target dir after symlink resolution
def inside [target: path, p: path] {
    let real = ($p | path expand)
    ($real | str starts-with ($target | str trim -r -c '/')) and ($real != $target)
}

def candidates [target: path, keep_days: int] {
    let cutoff = ((date now) - ($keep_days * 1day))
    let host = (^rustc -vV | lines | where {|l| $l | str starts-with "host:" } | first | str replace "host: " "")
    mut out = []
    for profile in (ls $target | where type == dir | get name) {
        let pname = ($profile | path basename)
        if $pname == "release" or $pname == "debug" {
            let inc = ($profile | path join "incremental")
            if ($inc | path exists) {
                $out = ($out | append (ls $inc | where modified < $cutoff | each {|e| {path: $e.name, reason: "stale incremental"} }))
            }
        } else if ($pname | str contains "-") and $pname != $host and (($profile | path join "release") | path exists) {
            $out = ($out | append [{path: $profile, reason: $"cross target ($pname)"}])
        }
    }
    let bundle = ($target | path join "release" "bundle")
    if ($bundle | path exists) {
        $out = ($out | append (ls $bundle | where modified < $cutoff | each {|e| {path: $e.name, reason: "old bundle"} }))
    }
    $out | where {|c| inside $target $c.path }
    | each {|c| $c | insert size (du $c.path | get 0.physical) }
}

export def plan [--root: path = ".", --keep-days: int = 7] {
    let root = ($root | path expand)
    find-targets $root | each {|t|
        assert-cargo-target $root $t
        candidates $t $keep_days
    } | flatten
}

export def apply [--root: path = ".", --keep-days: int = 7] {
    let items = (plan --root $root --keep-days $keep_days)
    if ($items | is-empty) { print "nothing to prune"; return }
    print ($items | select path reason size)
    print $"total: ($items | get size | math sum)"
    let answer = (input "type 'yes' to delete these paths: ")
    if $answer != "yes" { print "aborted, nothing deleted"; return }
    for it in $items {
        rm --recursive --permanent $it.path
        print $"removed ($it.path)"
    }
}
