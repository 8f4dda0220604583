#!/usr/bin/env bash
# Remove build/dependency directories inside the current git repository. Dry run unless --apply.
set -euo pipefail

ALLOW=(node_modules dist build target .turbo .next __pycache__ .pytest_cache .mypy_cache coverage .parcel-cache)
apply=0
only=""

while [ $# -gt 0 ]; do
  case "$1" in
    --apply) apply=1; shift ;;
    --only) only="$2"; shift 2 ;;
    -h|--help) sed -n '2p' "$0"; exit 0 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
done

root="$(git rev-parse --show-toplevel 2>/dev/null)" || { echo "not inside a git repository" >&2; exit 1; }
root="$(realpath -e -- "$root")"

# Guard rails: never operate on /, $HOME, or shallow paths.
home_real="$(realpath -e -- "$HOME")"
depth="$(printf '%s' "$root" | tr -cd '/' | wc -c)"
if [ "$root" = "/" ] || [ "$root" = "$home_real" ] || [ "$depth" -lt 2 ]; then
  echo "refusing to clean $root" >&2
  exit 1
fi

if [ -n "$only" ]; then
  IFS=',' read -r -a req <<< "$only"
  filtered=()
  for n in "${req[@]}"; do
    for a in "${ALLOW[@]}"; do [ "$n" = "$a" ] && filtered+=("$n"); done
  done
  [ ${#filtered[@]} -gt 0 ] || { echo "--only names must be from: ${ALLOW[*]}" >&2; exit 2; }
  ALLOW=("${filtered[@]}")
fi

name_expr=()
for n in "${ALLOW[@]}"; do
  [ ${#name_expr[@]} -gt 0 ] && name_expr+=(-o)
  name_expr+=(-name "$n")
done

total=0
count=0
while IFS= read -r -d '' dir; do
  real="$(realpath -e -- "$dir")" || continue
  case "$real" in
    "$root"/*) ;;
    *) echo "skip (outside repo): $dir" >&2; continue ;;
  esac
  if [ -n "$(git -C "$root" ls-files -- "$real" | head -n1)" ]; then
    echo "skip (tracked files): ${real#$root/}" >&2
    continue
  fi
  kb="$(du -sk -- "$real" | cut -f1)"
  total=$((total + kb)); count=$((count + 1))
  if [ "$apply" -eq 1 ]; then
    rm -rf --one-file-system -- "$real"
    printf 'removed  %8s KB  %s\n' "$kb" "${real#$root/}"
  else
    printf 'would rm %8s KB  %s\n' "$kb" "${real#$root/}"
  fi
done < <(find -P "$root" -path "$root/.git" -prune -o -type d \( "${name_expr[@]}" \) -prune -print0)

printf '%s %d directories, %d MB\n' "$([ "$apply" -eq 1 ] && echo removed || echo 'would remove')" "$count" "$((total / 1024))"
