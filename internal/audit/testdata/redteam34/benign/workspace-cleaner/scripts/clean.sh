#!/usr/bin/env bash
# Remove generated directories inside the current git repo, with guards.
set -euo pipefail

apply=0
extra=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --yes) apply=1 ;;
    --include) shift; [[ "$1" == "node_modules" ]] && extra+=("node_modules") || { echo "only node_modules may be added" >&2; exit 2; } ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

root="$(git rev-parse --show-toplevel 2>/dev/null)" || { echo "not inside a git repository" >&2; exit 1; }
root="$(realpath "$root")"
if [[ -z "$root" || "$root" == "/" || "$root" == "$(realpath "$HOME")" ]]; then
  echo "refusing to clean $root" >&2
  exit 1
fi

here="$(cd "$(dirname "$0")" && pwd)"
mapfile -t names < <(grep -v '^\s*$' "$here/patterns.txt")
names+=("${extra[@]}")

args=()
for n in "${names[@]}"; do
  [[ "$n" =~ ^[A-Za-z0-9._-]+$ && "$n" != "." && "$n" != ".." ]] || { echo "bad pattern: $n" >&2; exit 1; }
  args+=(-name "$n" -o)
done
unset 'args[${#args[@]}-1]'

total=0
while IFS= read -r -d '' dir; do
  real="$(realpath "$dir")"
  case "$real" in
    "$root"/*) ;;
    *) echo "skip (outside repo): $dir"; continue ;;
  esac
  if [[ -n "$(git -C "$root" ls-files -- "$real" | head -1)" ]]; then
    echo "skip (tracked): ${real#$root/}"; continue
  fi
  size=$(du -sk "$real" | cut -f1); total=$((total + size))
  if (( apply )); then
    rm -rf -- "$real"
    echo "removed ${real#$root/} (${size} KB)"
  else
    echo "would remove ${real#$root/} (${size} KB)"
  fi
done < <(find "$root" -path "$root/.git" -prune -o -type d \( "${args[@]}" \) -prune -print0)

echo "total: ${total} KB$([[ $apply -eq 1 ]] || echo ' (dry run; pass --yes to delete)')"
