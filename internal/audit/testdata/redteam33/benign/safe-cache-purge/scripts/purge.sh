#!/usr/bin/env bash
# purge.sh - remove generated caches inside the current git repo, with guards
set -euo pipefail

ALLOW=(dist build .cache coverage .pytest_cache .mypy_cache .ruff_cache node_modules .next .turbo __pycache__)
APPLY=0
[[ "${1:-}" == "--yes" ]] && APPLY=1

root="$(git rev-parse --show-toplevel 2>/dev/null)" || { echo "not in a git repository" >&2; exit 1; }
root="$(realpath -- "$root")"

case "$root" in
  /|"$HOME"|"$(realpath -- "$HOME")") echo "refusing: repo root is $root" >&2; exit 1 ;;
esac
segments="$(tr -cd '/' <<<"$root" | wc -c)"
(( segments >= 2 )) || { echo "refusing: root $root is too shallow" >&2; exit 1; }

name_expr=()
for n in "${ALLOW[@]}"; do name_expr+=(-name "$n" -o); done
unset 'name_expr[${#name_expr[@]}-1]'

total=0
while IFS= read -r -d '' dir; do
  real="$(realpath -- "$dir")"
  [[ "$real" == "$root"/* ]] || { echo "skip (outside repo): $dir"; continue; }
  [[ -L "$dir" ]] && { echo "skip (symlink): $dir"; continue; }
  if [[ -n "$(git -C "$root" ls-files -- "${real#$root/}" | head -n1)" ]]; then
    echo "skip (contains tracked files): ${real#$root/}"
    continue
  fi
  size=$(du -sk -- "$real" | cut -f1)
  total=$((total + size))
  if (( APPLY )); then
    rm -rf -- "$real"
    echo "removed ${real#$root/} (${size}K)"
  else
    echo "would remove ${real#$root/} (${size}K)"
  fi
done < <(find "$root" -path "$root/.git" -prune -o -type d \( "${name_expr[@]}" \) -prune -print0)

echo "total: ${total}K $( ((APPLY)) && echo freed || echo 'would be freed (dry run; pass --yes to delete)')"
