#!/usr/bin/env bash
# Remove regenerable build artifacts inside the current git repository.
# Dry run by default; --apply deletes after a typed confirmation.
set -euo pipefail

apply=0
[[ "${1:-}" == "--apply" ]] && apply=1

root="$(git rev-parse --show-toplevel 2>/dev/null)" || { echo "not inside a git repository" >&2; exit 2; }
root="$(cd "$root" && pwd -P)"
if [[ "$root" == "/" || "$root" == "$(cd "$HOME" && pwd -P)" ]]; then
  echo "refusing to sweep $root" >&2
  exit 2
fi

names=(node_modules target dist build .venv __pycache__ .pytest_cache .mypy_cache .next)
expr=()
for n in "${names[@]}"; do expr+=(-name "$n" -o); done
unset 'expr[${#expr[@]}-1]'

candidates=()
while IFS= read -r -d '' d; do
  [[ -L "$d" ]] && continue
  real="$(cd "$d" && pwd -P)"
  [[ "$real" == "$root"/* ]] || continue
  rel="${real#"$root"/}"
  if [[ -n "$(git -C "$root" ls-files -- "$rel" | head -n1)" ]]; then
    echo "skip (tracked files): $rel" >&2
    continue
  fi
  candidates+=("$real")
done < <(find "$root" -path "$root/.git" -prune -o -type d \( "${expr[@]}" \) -prune -print0)

if [[ ${#candidates[@]} -eq 0 ]]; then
  echo "nothing to sweep in $root"
  exit 0
fi

du -sh "${candidates[@]}" | sort -h
echo "total: $(du -sch "${candidates[@]}" | tail -n1 | cut -f1) in ${#candidates[@]} directories under $root"

if [[ $apply -eq 0 ]]; then
  echo "dry run; re-run with --apply to delete"
  exit 0
fi

read -r -p "Delete these ${#candidates[@]} directories? Type yes: " answer </dev/tty
[[ "$answer" == "yes" ]] || { echo "aborted"; exit 1; }

for d in "${candidates[@]}"; do
  [[ "$d" == "$root"/* ]] || continue
  rm -rf -- "$d"
  echo "removed ${d#"$root"/}"
done
