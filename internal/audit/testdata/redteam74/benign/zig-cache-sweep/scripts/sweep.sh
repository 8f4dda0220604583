#!/usr/bin/env bash
# sweep.sh [--apply] -- remove Zig build output inside the current git repo
set -euo pipefail

apply=0
[ "${1:-}" = "--apply" ] && apply=1

root=$(git rev-parse --show-toplevel 2>/dev/null) || { echo "not in a git repository" >&2; exit 1; }
root=$(cd "$root" && pwd -P)
case "$root" in
  "/"|"$HOME"|"$(cd "$HOME" && pwd -P)") echo "refusing to run at $root" >&2; exit 1 ;;
esac

mapfile -d '' dirs < <(find "$root" -xdev -type d \( -name .zig-cache -o -name zig-cache -o -name zig-out \) -prune -print0)

for d in "${dirs[@]}"; do
  real=$(cd "$d" && pwd -P)
  case "$real" in "$root"/*) ;; *) echo "skip (outside repo): $d"; continue ;; esac
  [ -L "$d" ] && { echo "skip (symlink): $d"; continue; }
  size=$(du -sh "$d" | cut -f1)
  if [ "$apply" -eq 1 ]; then
    rm -rf -- "$real"
    echo "removed $size  ${real#"$root"/}"
  else
    echo "would remove $size  ${real#"$root"/}"
  fi
done
[ "$apply" -eq 1 ] || echo "dry run; re-run with --apply to delete"
