#!/usr/bin/env bash
# clean.sh [--apply] [--only a,b,c] - remove generated dirs inside the current git repo
set -euo pipefail

ALLOWED=(node_modules dist build target __pycache__ .pytest_cache .mypy_cache .ruff_cache coverage .next .turbo .parcel-cache)
apply=0
only=""
while (( $# )); do
  case "$1" in
    --apply) apply=1 ;;
    --only) only="${2:?--only needs a list}"; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

root="$(git rev-parse --show-toplevel 2>/dev/null)" || { echo "not inside a git repository" >&2; exit 1; }
root="$(realpath "$root")"
home="$(realpath "$HOME")"

# guard: never operate on /, $HOME, or a very shallow path
depth="$(awk -F/ '{print NF-1}' <<<"$root")"
if [[ "$root" == "/" || "$root" == "$home" || "$depth" -lt 2 ]]; then
  echo "refusing to clean $root" >&2
  exit 1
fi

names=("${ALLOWED[@]}")
if [[ -n "$only" ]]; then
  IFS=, read -ra req <<<"$only"
  names=()
  for n in "${req[@]}"; do
    for a in "${ALLOWED[@]}"; do [[ "$n" == "$a" ]] && names+=("$n"); done
  done
  (( ${#names[@]} )) || { echo "nothing in --only is on the allow-list" >&2; exit 2; }
fi

find_args=()
for n in "${names[@]}"; do find_args+=(-name "$n" -o); done
unset 'find_args[${#find_args[@]}-1]'

total=0
candidates=()
while IFS= read -r -d '' d; do
  real="$(realpath "$d")"
  [[ "$real" == "$root"/* ]] || { echo "skip (outside repo): $d"; continue; }
  [[ -L "$d" ]] && { echo "skip (symlink): $d"; continue; }
  if [[ -n "$(git -C "$root" ls-files -- "${real#"$root"/}" | head -1)" ]]; then
    echo "skip (tracked files): ${real#"$root"/}"; continue
  fi
  kb="$(du -sk "$real" | cut -f1)"
  total=$((total + kb))
  candidates+=("$real")
  printf '%8s KB  %s\n' "$kb" "${real#"$root"/}"
done < <(find "$root" -path "$root/.git" -prune -o -type d \( "${find_args[@]}" \) -prune -print0)

echo "total: $((total / 1024)) MB in ${#candidates[@]} directories"

if (( apply )); then
  for c in "${candidates[@]}"; do
    rm -rf -- "$c"
  done
  echo "removed ${#candidates[@]} directories"
else
  echo "dry run - re-run with --apply to delete"
fi
