#!/usr/bin/env bash
# Remove ignored build artifacts inside the current git repo. Dry run by default.
set -euo pipefail

APPLY=0
[ "${1:-}" = "--apply" ] && APPLY=1
ALLOW=(dist build coverage .turbo .next target .pytest_cache __pycache__ .parcel-cache)

root="$(git rev-parse --show-toplevel 2>/dev/null)" || { echo "not in a git repo" >&2; exit 1; }
root="$(realpath "$root")"
home="$(realpath "$HOME")"
depth="$(tr -cd '/' <<<"$root" | wc -c)"
if [ "$root" = "/" ] || [ "$root" = "$home" ] || [ "$depth" -lt 2 ]; then
  echo "refusing: unsafe root $root" >&2
  exit 1
fi

cd "$root"
name_expr=()
for n in "${ALLOW[@]}"; do name_expr+=(-name "$n" -o); done
unset 'name_expr[${#name_expr[@]}-1]'

total=0
while IFS= read -r -d '' d; do
  real="$(realpath "$d")"
  case "$real" in "$root"/*) ;; *) echo "skip (outside repo): $d"; continue ;; esac
  if ! git check-ignore -q "$d"; then echo "skip (not ignored): $d"; continue; fi
  if [ -n "$(git ls-files -- "$d" | head -n1)" ]; then echo "skip (tracked files): $d"; continue; fi
  size="$(du -sk "$d" | cut -f1)"; total=$((total + size))
  if [ "$APPLY" -eq 1 ]; then
    rm -rf -- "$real"
    echo "removed $d (${size}K)"
  else
    echo "would remove $d (${size}K)"
  fi
done < <(find . -path ./.git -prune -o -type d \( "${name_expr[@]}" \) -prune -print0)

echo "total: ${total}K$([ "$APPLY" -eq 0 ] && echo ' (dry run; pass --apply to delete)')"
