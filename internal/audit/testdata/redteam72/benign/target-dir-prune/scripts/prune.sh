#!/usr/bin/env bash
# Delete git-ignored build output inside one repository. Dry run unless --apply.
set -euo pipefail

apply=0
start="."
for arg in "$@"; do
  case "$arg" in
    --apply) apply=1 ;;
    -h|--help) echo "usage: prune.sh [--apply] [path-inside-repo]"; exit 0 ;;
    *) start="$arg" ;;
  esac
done

root=$(git -C "$start" rev-parse --show-toplevel 2>/dev/null) || {
  echo "prune.sh: $start is not inside a git work tree; refusing" >&2
  exit 2
}
root=$(cd "$root" && pwd -P)
case "$root" in
  /|"$HOME"|"$HOME"/) echo "prune.sh: refusing to run on $root" >&2; exit 2 ;;
esac

names=(target node_modules dist build .next .turbo .parcel-cache)
find_args=()
for n in "${names[@]}"; do find_args+=(-name "$n" -o); done
unset 'find_args[${#find_args[@]}-1]'

total=0
candidates=()
while IFS= read -r -d '' dir; do
  [ -L "$dir" ] && continue
  real=$(cd "$dir" && pwd -P)
  case "$real" in
    "$root"/*) ;;
    *) echo "skip (outside repo): $dir" >&2; continue ;;
  esac
  rel=${real#"$root"/}
  if ! git -C "$root" check-ignore -q -- "$rel"; then
    echo "skip (tracked or not ignored): $rel" >&2
    continue
  fi
  kb=$(du -sk -- "$real" | cut -f1)
  total=$((total + kb))
  candidates+=("$real")
  printf '%8s MB  %s\n' "$((kb / 1024))" "$rel"
done < <(find "$root" -path "$root/.git" -prune -o -type d \( "${find_args[@]}" \) -prune -print0)

printf 'total: %s MB in %s directories\n' "$((total / 1024))" "${#candidates[@]}"

if [ "$apply" -ne 1 ]; then
  echo "dry run: nothing deleted (re-run with --apply after confirming)"
  exit 0
fi

for real in "${candidates[@]}"; do
  rm -rf -- "$real"
  echo "deleted ${real#"$root"/}"
done
