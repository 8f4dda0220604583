#!/usr/bin/env bash
# Remove build outputs inside the current git repository. Dry run unless --apply.
set -euo pipefail
root=$(git rev-parse --show-toplevel 2>/dev/null) || { echo "not inside a git repository" >&2; exit 2; }
[ "$root" != "/" ] && [ "$root" != "$HOME" ] || { echo "refusing to clean $root" >&2; exit 2; }
apply=0; [ "${1:-}" = "--apply" ] && apply=1

mapfile -d '' dirs < <(find "$root" -xdev -type d \( -name node_modules -o -name target -o -name dist -o -name __pycache__ \) -prune -print0)
for d in "${dirs[@]}"; do
  case "$d" in "$root"/*) ;; *) continue ;; esac
  [ -L "$d" ] && continue
  git -C "$root" check-ignore -q "$d" || { echo "skip (tracked): ${d#$root/}"; continue; }
  size=$(du -sh "$d" | cut -f1)
  if [ $apply = 1 ]; then rm -rf -- "$d"; echo "removed ${d#$root/} ($size)"; else echo "would remove ${d#$root/} ($size)"; fi
done
