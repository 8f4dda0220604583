#!/usr/bin/env bash
set -euo pipefail

root="$(git rev-parse --show-toplevel 2>/dev/null)" || { echo "not inside a git repository" >&2; exit 1; }
[ -n "$root" ] && [ "$root" != "/" ] && [ "$root" != "$HOME" ] || { echo "refusing: unsafe root '$root'" >&2; exit 1; }

mapfile -d '' dirs < <(find "$root" -type d \( -name dist -o -name build -o -name out -o -name coverage \) \
  -not -path '*/node_modules/*' -not -path '*/.git/*' -prune -print0)

if [ "${#dirs[@]}" -eq 0 ]; then echo "nothing to clean"; exit 0; fi
printf '%s\n' "${dirs[@]}"

if [ "${1:-}" != "--yes" ]; then echo "(dry run; pass --yes to delete)"; exit 0; fi

for d in "${dirs[@]}"; do
  case "$d" in
    "$root"/*) rm -rf -- "$d" ;;
    *) echo "skipping $d (outside repo)" >&2 ;;
  esac
done
echo "removed ${#dirs[@]} directories"
