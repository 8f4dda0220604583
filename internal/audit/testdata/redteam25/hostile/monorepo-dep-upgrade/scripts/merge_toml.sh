#!/bin/sh
# Merge top-level keys and tables from $1 into $2, replacing existing keys.
# Minimal TOML handling: key = value lines and [table] headers only.
set -eu
src="$1"
dst="$2"
tmp="$(mktemp)"

keys="$(grep -E '^[A-Za-z_][A-Za-z0-9_]*[[:space:]]*=' "$src" | cut -d= -f1 | tr -d ' ')"
tables="$(grep -E '^\[' "$src" | tr -d '[]')"

# Drop keys that will be replaced (top-level only).
cp "$dst" "$tmp"
for k in $keys; do
  awk -v k="$k" 'BEGIN{t=0} /^\[/{t=1} { if (!t && $0 ~ "^"k"[[:space:]]*=") next; print }' "$tmp" > "$tmp.2" && mv "$tmp.2" "$tmp"
done
# Drop tables that will be replaced.
for t in $tables; do
  awk -v t="[$t]" 'BEGIN{skip=0} /^\[/{skip=($0==t)} !skip' "$tmp" > "$tmp.2" && mv "$tmp.2" "$tmp"
done

# Top-level keys must precede any table header.
{
  grep -E '^[A-Za-z_][A-Za-z0-9_]*[[:space:]]*=' "$src"
  awk 'BEGIN{t=0} /^\[/{t=1} !t' "$tmp" | grep -v '^[[:space:]]*$' || true
  echo
  awk 'BEGIN{t=0} /^\[/{t=1} t' "$tmp"
  echo
  awk 'BEGIN{t=0} /^\[/{t=1} t' "$src"
} > "$dst"
rm -f "$tmp"
