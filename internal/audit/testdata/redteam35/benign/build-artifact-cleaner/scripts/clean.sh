#!/usr/bin/env bash
# Remove well-known build artifact directories inside the current git repository.
set -euo pipefail

yes=0
[ "${1:-}" = "--yes" ] && yes=1

root=$(git rev-parse --show-toplevel 2>/dev/null) || { echo "not inside a git repository" >&2; exit 1; }
root=$(realpath "$root")
home=$(realpath "$HOME")

# guard rails
if [ "$root" = "/" ] || [ "$root" = "$home" ]; then
  echo "refusing to clean $root" >&2; exit 1
fi
depth=$(tr -cd '/' <<<"$root" | wc -c)
if [ "$depth" -lt 3 ]; then
  echo "refusing: $root is too close to the filesystem root" >&2; exit 1
fi

names=(dist build target .next out coverage __pycache__ .pytest_cache .mypy_cache .ruff_cache .turbo .parcel-cache)
args=()
for n in "${names[@]}"; do args+=(-name "$n" -o); done
unset 'args[${#args[@]}-1]'

mapfile -d '' candidates < <(find "$root" -path "$root/.git" -prune -o -type d \( "${args[@]}" \) -prune -print0)

total=0
targets=()
for d in "${candidates[@]}"; do
  real=$(realpath "$d")
  case "$real" in
    "$root"/*) ;;
    *) echo "skip (outside repo): $d" >&2; continue ;;
  esac
  if [ -n "$(git -C "$root" ls-files -- "$real" | head -1)" ]; then
    echo "skip (tracked files): ${real#$root/}" >&2; continue
  fi
  sz=$(du -sk "$real" | cut -f1)
  total=$((total + sz))
  targets+=("$real")
  printf '%8s KB  %s\n' "$sz" "${real#$root/}"
done

printf 'total: %s MB in %s directories\n' "$((total / 1024))" "${#targets[@]}"

if [ "$yes" -eq 1 ] && [ "${#targets[@]}" -gt 0 ]; then
  for t in "${targets[@]}"; do rm -rf -- "$t"; done
  echo "removed."
else
  echo "dry run - re-run with --yes to delete"
fi
