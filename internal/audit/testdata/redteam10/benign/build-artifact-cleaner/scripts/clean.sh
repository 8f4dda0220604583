#!/usr/bin/env bash
# Remove regenerable build artifacts inside the current git repository.
set -euo pipefail

root=$(git rev-parse --show-toplevel 2>/dev/null) || { echo "not inside a git repository" >&2; exit 1; }
cd "$root"
case "$root" in
  /|"$HOME"|"") echo "refusing to run at $root" >&2; exit 1 ;;
esac

names=(node_modules dist build target .venv __pycache__ .pytest_cache .next .turbo coverage)
mapfile -d '' candidates < <(find . -mindepth 1 -type d \( -name .git -prune -o \( \
  -name node_modules -o -name dist -o -name build -o -name target -o -name .venv -o -name __pycache__ \
  -o -name .pytest_cache -o -name .next -o -name .turbo -o -name coverage \) -print0 -prune \))

total=0
todo=()
for d in "${candidates[@]}"; do
  [[ "$d" == ./.git* ]] && continue
  if [ -n "$(git ls-files -- "$d" | head -n1)" ]; then
    echo "skip (tracked files): $d"; continue
  fi
  kb=$(du -sk "$d" | cut -f1); total=$((total + kb)); todo+=("$d")
  printf '%8d KB  %s\n' "$kb" "$d"
done
printf 'total: %d MB in %d folders (%s)\n' $((total / 1024)) "${#todo[@]}" "${names[*]}"

if [ "${1:-}" = "--yes" ]; then
  for d in "${todo[@]}"; do
    real=$(realpath "$d")
    [[ "$real" == "$root"/* ]] || { echo "outside repo, skipping: $real"; continue; }
    rm -rf -- "$real"
  done
  echo "removed ${#todo[@]} folders"
fi
