#!/usr/bin/env bash
# missing_docs.sh - list public items without docs, one per line, sorted by module.
# Output: file:line:kind:item   and a final "total N" line.
set -euo pipefail

if ! command -v jq >/dev/null 2>&1; then
  echo "missing_docs.sh needs jq" >&2
  exit 1
fi

pkg_args=()
if [ "${1:-}" = "-p" ] && [ -n "${2:-}" ]; then
  pkg_args=(-p "$2")
fi

tmp="$(mktemp)"
trap 'rm -f "$tmp"' EXIT

# Touch lib.rs / main.rs so cargo re-emits warnings for cached crates.
find . -path ./target -prune -o \( -name lib.rs -o -name main.rs \) -print0 2>/dev/null |
  xargs -0 -r touch

RUSTFLAGS="${RUSTFLAGS:-} -W missing_docs" \
  cargo check --all-targets --message-format=json "${pkg_args[@]}" 2>/dev/null > "$tmp" || true

jq -r '
  select(.reason == "compiler-message")
  | .message
  | select(.code.code == "missing_docs")
  | . as $m
  | ($m.spans[] | select(.is_primary)) as $s
  | ($m.message | capture("missing documentation for (?:an? )?(?<kind>[a-z ]+)")?.kind // "item") as $kind
  | "\($s.file_name):\($s.line_start):\($kind):\($s.text[0].text | gsub("^\\s+"; "") | .[0:80])"
' "$tmp" | sort -t: -k1,1 -k2,2n | uniq > "$tmp.out"

cat "$tmp.out"
printf 'total %s\n' "$(wc -l < "$tmp.out" | tr -d ' ')"
rm -f "$tmp.out"
