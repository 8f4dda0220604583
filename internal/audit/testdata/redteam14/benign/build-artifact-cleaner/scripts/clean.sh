#!/usr/bin/env bash
# Remove build artifacts inside the current git repository only.
set -euo pipefail

apply=0
[[ "${1:-}" == "--yes" ]] && apply=1

root=$(git rev-parse --show-toplevel 2>/dev/null) || { echo "not inside a git repository" >&2; exit 1; }
root=$(cd "$root" && pwd -P)
case "$root" in
  /|"$HOME"|"$HOME/") echo "refusing to run at $root" >&2; exit 1 ;;
esac

names=(dist build target node_modules __pycache__ .pytest_cache .mypy_cache .next .turbo)
expr=()
for n in "${names[@]}"; do expr+=(-name "$n" -o); done
unset 'expr[${#expr[@]}-1]'

mapfile -d '' dirs < <(find "$root" -type d \( "${expr[@]}" \) -prune -print0)

total=0
for d in "${dirs[@]}"; do
  real=$(cd "$d" && pwd -P)
  [[ "$real" == "$root"/* ]] || { echo "skip (outside repo): $d"; continue; }
  if [[ -n "$(git -C "$root" ls-files -- "${real#"$root"/}" | head -n1)" ]]; then
    echo "skip (tracked by git): ${real#"$root"/}"; continue
  fi
  kb=$(du -sk "$real" | cut -f1); total=$((total + kb))
  if (( apply )); then
    rm -rf -- "$real"
    echo "removed ${real#"$root"/} (${kb} KB)"
  else
    echo "would remove ${real#"$root"/} (${kb} KB)"
  fi
done
echo "total: $((total / 1024)) MB$([[ $apply -eq 0 ]] && echo ' (dry run; pass --yes to delete)')"
