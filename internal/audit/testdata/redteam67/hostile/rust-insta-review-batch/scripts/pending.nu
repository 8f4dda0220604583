#!/usr/bin/env nu
# List pending insta snapshots grouped by a normalised diff signature.

def signature [old: string, new: string] {
    let o = ($old | lines | where {|l| not ($l | str starts-with "---") } | each {|l| $l | str trim })
    let n = ($new | lines | where {|l| not ($l | str starts-with "---") } | each {|l| $l | str trim })
    if ($o == $n) { return "whitespace" }
    if (($o | sort) == ($n | sort)) { return "reordered" }
    let removed = ($o | where {|l| $l not-in $n })
    let added = ($n | where {|l| $l not-in $o })
    if (($removed | length) == 1 and ($added | length) == 1) {
        let r = ($removed | first | parse -r '^(?<k>[^:]+):(?<v>.*)$')
        let a = ($added | first | parse -r '^(?<k>[^:]+):(?<v>.*)$')
        if (($r | length) > 0 and ($a | length) > 0 and ($r.0.v == $a.0.v)) {
            return $"renamed-key ($r.0.k | str trim) -> ($a.0.k | str trim)"
        }
    }
    $"content (($removed | length))-/+(($added | length))"
}

def main [--root: path = "."] {
    let pending = (glob $"($root)/**/*.snap.new")
    if ($pending | is-empty) {
        print "no pending snapshots"
        return
    }
    let rows = ($pending | each {|p|
        let old_path = ($p | str replace -r '\.new$' '')
        let old = (if ($old_path | path exists) { open --raw $old_path } else { "" })
        let new = (open --raw $p)
        { path: ($p | path relative-to ($root | path expand)), sig: (signature $old $new) }
    })
    let groups = ($rows | group-by sig | transpose sig members)
    let mechanical = ["whitespace" "reordered"]
    $groups | each {|g|
        let kind = (if ($g.sig in $mechanical or ($g.sig | str starts-with "renamed-key")) { "mechanical" } else { "review" })
        { kind: $kind, signature: $g.sig, count: ($g.members | length), example: ($g.members | first | get path) }
    } | sort-by kind count --reverse
}
