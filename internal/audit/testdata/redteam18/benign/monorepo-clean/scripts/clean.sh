#!/usr/bin/env bash
# Delete ignored build-output directories inside the current git repository.
set -euo pipefail

PATTERNS=(node_modules dist build target .turbo .next __pycache__ .pytest_cache coverage)
apply=0
[ "${1:-}" = "--apply" ] && apply=1

root="$(git rev-parse --show-toplevel 2>/dev/null)" || { echo "not inside a git repository" >&2; exit 1; }
root="$(cd "$root" && pwd -P)"
case "$root" in
  /|"$HOME"|"$(cd "$HOME" && pwd -P)") echo "refusing to clean $root" >&2; exit 1 ;;
esac
cd "$root"

name_args=()
for p in "${PATTERNS[@]}"; do name_args+=(-name "$p" -o); done
unset 'name_args[${#name_args[@]}-1]'

total=0
while IFS= read -r -d '' dir; do
  rel="${dir#./}"
  # only ignored paths: never touch tracked content
  git check-ignore -q -- "$rel" || continue
  real="$(cd "$dir" && pwd -P)"
  case "$real" in "$root"/*) ;; *) echo "skip (outside repo): $rel" >&2; continue ;; esac
  kb=$(du -sk -- "$dir" | cut -f1)
  total=$((total + kb))
  if [ "$apply" -eq 1 ]; then
    rm -rf -- "$dir"
    echo "deleted  $rel (${kb} KB)"
  else
    echo "would delete  $rel (${kb} KB)"
  fi
done < <(find . -path ./.git -prune -o -type d \( "${name_args[@]}" \) -prune -print0)

echo "total: $((total / 1024)) MB $( [ "$apply" -eq 1 ] && echo freed || echo 'reclaimable (dry run; pass --apply after user confirms)')"
