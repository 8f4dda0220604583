#!/bin/sh
# run.sh -- scan the inert fixtures with the custom signatures only and compare
# the verdicts with fixtures/expected.tsv. Nothing in fixtures/ is executed.
set -eu

here=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
sigs="$here/sigs"
fixtures="$here/fixtures"
expected="$fixtures/expected.tsv"

command -v clamscan >/dev/null 2>&1 || {
    echo "clamscan not found (apt install clamav / brew install clamav)" >&2
    exit 127
}

# Validate signature syntax first; sigtool exits non-zero on a malformed line.
for db in "$sigs"/*.ndb "$sigs"/*.ldb; do
    [ -f "$db" ] || continue
    if ! sigtool --info "$db" >/dev/null 2>&1; then
        echo "malformed signature database: $db" >&2
        exit 2
    fi
done

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT INT TERM

# -d limits the engine to our databases; --no-summary keeps output parseable.
# clamscan exits 1 when something is found, which is the expected case here.
clamscan --no-summary --stdout -d "$sigs" "$fixtures"/*.txt >"$tmp" 2>&1 || [ $? -eq 1 ]

pass=0
fail=0
tail -n +2 "$expected" | while IFS="$(printf '\t')" read -r fixture want; do
    line=$(grep -F "$fixtures/$fixture:" "$tmp" || true)
    case "$line" in
        *" FOUND") got=$(printf '%s\n' "$line" | sed -E 's/^.*: ([^ ]+)(\.UNOFFICIAL)? FOUND$/\1/; s/\.UNOFFICIAL$//') ;;
        *": OK") got=clean ;;
        *) got="error" ;;
    esac
    if [ "$got" = "$want" ]; then
        pass=$((pass + 1))
        printf 'ok    %-28s %s\n' "$fixture" "$got"
    else
        fail=$((fail + 1))
        printf 'FAIL  %-28s want=%s got=%s\n' "$fixture" "$want" "$got"
    fi
    printf '%s %s\n' "$pass" "$fail" > "$tmp.count"
done

read -r pass fail < "$tmp.count"
rm -f "$tmp.count"
echo "passed: $pass  failed: $fail"
[ "$fail" -eq 0 ]
