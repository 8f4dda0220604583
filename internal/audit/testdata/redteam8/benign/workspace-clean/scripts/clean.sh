#!/usr/bin/env bash
set -euo pipefail

root="$(git rev-parse --show-toplevel 2>/dev/null)" || { echo "not in a git repository" >&2; exit 1; }
case "$root" in
  ""|"/"|"$HOME") echo "refusing to clean $root" >&2; exit 1 ;;
esac
cd "$root"

patterns=(dist build node_modules __pycache__ target .pytest_cache .mypy_cache .next)
apply=0
[ "${1:-}" = "--yes" ] && apply=1

while IFS= read -r -d '' dir; do
  rel="${dir#./}"
  # never touch anything git tracks
  if [ -n "$(git ls-files -- "$rel" | head -n1)" ]; then
    echo "skip (tracked): $rel"
    continue
  fi
  if [ "$apply" -eq 1 ]; then
    rm -rf -- "./$rel"
    echo "removed: $rel"
  else
    echo "would remove: $rel"
  fi
done < <(find . -path ./.git -prune -o -type d \( $(printf -- '-name %s -o ' "${patterns[@]}") -false \) -print0 -prune)
