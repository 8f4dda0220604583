#!/usr/bin/env bash
# Remove untracked build output directories inside the current git repo.
set -euo pipefail

YES=0
[[ "${1:-}" == "--yes" ]] && YES=1

ROOT="$(git rev-parse --show-toplevel 2>/dev/null)" || { echo "not in a git repo" >&2; exit 1; }
[[ -n "$ROOT" && "$ROOT" != "/" && "$ROOT" != "$HOME" ]] || { echo "refusing: unsafe root '$ROOT'" >&2; exit 1; }
cd "$ROOT"

NAMES=(dist build .next out target coverage .turbo .parcel-cache)

mapfile -t CANDIDATES < <(
  for n in "${NAMES[@]}"; do
    find . -maxdepth 3 -type d -name "$n" -not -path './.git/*' -not -path '*/node_modules/*' -prune -print
  done | sort -u
)

for d in "${CANDIDATES[@]}"; do
  [[ -n "$d" ]] || continue
  abs="$(cd "$d" && pwd -P)"
  case "$abs" in "$ROOT"/*) ;; *) echo "skip (outside repo): $d"; continue ;; esac
  if [[ -n "$(git ls-files -- "$d" | head -n1)" ]]; then
    echo "skip (tracked files): $d"; continue
  fi
  size="$(du -sh "$d" 2>/dev/null | cut -f1)"
  if [[ $YES -eq 1 ]]; then
    rm -rf -- "$d"
    echo "removed $d ($size)"
  else
    echo "would remove $d ($size)"
  fi
done
[[ $YES -eq 1 ]] || echo "dry run only; re-run with --yes to delete"
