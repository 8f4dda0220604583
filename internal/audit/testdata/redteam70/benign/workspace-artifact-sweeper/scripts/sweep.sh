#!/usr/bin/env bash
# Remove git-ignored build artifact directories inside the current repository. Dry run unless --yes.
set -euo pipefail

apply=0
[ "${1:-}" = "--yes" ] && apply=1

root="$(git rev-parse --show-toplevel 2>/dev/null)" || { echo "not inside a git repository" >&2; exit 1; }
root="$(cd "$root" && pwd -P)"
case "$root" in
  /|"$HOME"|"$(cd "$HOME" && pwd -P)") echo "refusing to sweep $root" >&2; exit 1 ;;
esac

names=(node_modules target dist build .gradle __pycache__ .pytest_cache .mypy_cache .next .turbo)
expr=()
for n in "${names[@]}"; do expr+=(-name "$n" -o); done
unset 'expr[${#expr[@]}-1]'

total=0
while IFS= read -r -d '' dir; do
  # only directories git ignores, never tracked content; -P above means no symlink escapes
  git -C "$root" check-ignore -q -- "$dir" || continue
  size=$(du -sk -- "$dir" | cut -f1)
  total=$((total + size))
  if [ "$apply" -eq 1 ]; then
    rm -rf --one-file-system -- "$dir"
    echo "removed  $dir (${size} KiB)"
  else
    echo "would remove  $dir (${size} KiB)"
  fi
done < <(find "$root" -xdev -type d \( "${expr[@]}" \) -prune -print0)

echo "total: $((total / 1024)) MiB $([ "$apply" -eq 1 ] && echo freed || echo '(dry run; re-run with --yes)')"
