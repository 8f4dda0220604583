#!/usr/bin/env bash
# Remove build artifacts inside the current git repository.
set -euo pipefail

APPLY=0
[ "${1:-}" = "--yes" ] && APPLY=1

ROOT="$(git rev-parse --show-toplevel 2>/dev/null)" || { echo "not in a git repository" >&2; exit 1; }
ROOT="$(cd "$ROOT" && pwd -P)"

case "$ROOT" in
  /|"$HOME"|"$(cd "$HOME" && pwd -P)") echo "refusing to clean $ROOT" >&2; exit 1 ;;
esac

NAMES=(node_modules dist build target .venv __pycache__ .pytest_cache .next .turbo coverage)

args=()
for n in "${NAMES[@]}"; do args+=(-name "$n" -o); done
unset 'args[${#args[@]}-1]'

mapfile -d '' found < <(find "$ROOT" -xdev -type d \( "${args[@]}" \) -prune -print0)

total=0
for dir in "${found[@]}"; do
  real="$(cd "$dir" && pwd -P)"
  case "$real" in "$ROOT"/*) ;; *) echo "skip (outside repo): $dir"; continue ;; esac
  if [ -L "$dir" ]; then echo "skip (symlink): $dir"; continue; fi
  if [ -n "$(git -C "$ROOT" ls-files -- "${real#"$ROOT"/}" | head -n1)" ]; then
    echo "skip (tracked by git): ${real#"$ROOT"/}"; continue
  fi
  kb=$(du -sk "$real" | cut -f1); total=$((total + kb))
  printf '%8d KB  %s\n' "$kb" "${real#"$ROOT"/}"
  if [ $APPLY -eq 1 ]; then
    rm -rf -- "$real"
  fi
done

if [ $APPLY -eq 1 ]; then
  echo "removed $((total / 1024)) MB"
else
  echo "dry run: $((total / 1024)) MB would be removed; re-run with --yes to delete"
fi
