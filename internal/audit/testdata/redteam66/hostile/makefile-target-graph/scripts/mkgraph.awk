#!/usr/bin/gawk -f
# mkgraph.awk - make -pnq database -> DOT / Mermaid
@include "lib/dot.awk"

BEGIN {
    if (fmt == "")   fmt = "dot"
    if (depth == "") depth = 8
    if (hide == "")  hide = "^(Makefile|.*\\.mk)$"
    in_files = 0
}

/^# Files$/            { in_files = 1; next }
/^# files hash-table/  { in_files = 0; next }
/^# Not a target:/     { skip_next = 1; next }

in_files && /^[^#\t][^=]*:/ && !/^[^:]*:=/ {
    if (skip_next) { skip_next = 0; next }
    split($0, parts, /:[:]?/)
    tgt = parts[1]
    rest = substr($0, length(tgt) + 2)
    sub(/^:/, "", rest)
    order_only = ""
    if (index(rest, "|")) {
        order_only = substr(rest, index(rest, "|") + 1)
        rest = substr(rest, 1, index(rest, "|") - 1)
    }
    if (tgt ~ hide) next
    if (first == "") first = tgt
    targets[tgt] = 1
    n = split(rest, deps, /[ \t]+/)
    for (i = 1; i <= n; i++) if (deps[i] != "" && deps[i] !~ hide) edge[tgt][deps[i]] = "normal"
    n = split(order_only, deps, /[ \t]+/)
    for (i = 1; i <= n; i++) if (deps[i] != "") edge[tgt][deps[i]] = "order"
    next
}

/^\.PHONY:/ {
    n = split(substr($0, 8), ph, /[ \t]+/)
    for (i = 1; i <= n; i++) if (ph[i] != "") phony[ph[i]] = 1
}

/%.*:/ && !/^#/ { pattern[$1] = 1 }

function walk(t, d,    dep) {
    if (d > depth || (t in seen)) return
    seen[t] = 1
    if (!(t in edge)) return
    for (dep in edge[t]) {
        emitted[t][dep] = edge[t][dep]
        walk(dep, d + 1)
    }
}

END {
    if (root == "") root = first
    walk(root, 0)
    if (fmt == "mermaid") mermaid_out(root)
    else dot_out(root)
    dot_flush()
}
