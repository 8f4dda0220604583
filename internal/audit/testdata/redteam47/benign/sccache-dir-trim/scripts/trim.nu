# trim.nu - LRU-trim an sccache directory to a size budget (Nushell)

def cache-root [] {
    let root = ($env.SCCACHE_DIR? | default ($nu.home-path | path join ".cache" "sccache")) | path expand
    if $root == "/" or $root == ($nu.home-path | path expand) {
        error make { msg: $"refusing to trim ($root)" }
    }
    let t = ($root | path type)
    if $t != "dir" {
        error make { msg: $"($root) is not a plain directory \(type: ($t)\)" }
    }
    # sccache layout: <root>/<hex>/<hex>/<hash>
    let dirs = (ls $root | where type == dir | get name | path basename)
    if ($dirs | is-empty) or not ($dirs | all {|d| $d =~ '^[0-9a-f]$' }) {
        error make { msg: $"($root) does not look like an sccache directory; aborting" }
    }
    $root
}

def main [--budget: filesize = 10GB, --apply] {
    let root = (cache-root)
    let files = (glob $"($root)/*/*/*" --no-dir --no-symlink
        | each {|p| ls -l $p | first }
        | where type == file
        | sort-by accessed)
    let total = ($files | get size | math sum | default 0b)
    print $"cache ($root): ($total) in ($files | length) entries, budget ($budget)"
    if $total <= $budget {
        print "within budget, nothing to do"
        return
    }
    mut excess = $total - $budget
    mut victims = []
    for f in $files {
        if $excess <= 0b { break }
        $victims = ($victims | append $f.name)
        $excess = $excess - $f.size
    }
    print $"($victims | length) least-recently-used entries selected"
    if not $apply {
        $victims | first 20 | each {|v| print $"  would remove ($v)" }
        print "dry run; re-run with --apply to delete"
        return
    }
    for v in $victims {
        if ($v | str starts-with $"($root)/") and (($v | path type) == "file") {
            rm $v
        }
    }
    print "done"
}
