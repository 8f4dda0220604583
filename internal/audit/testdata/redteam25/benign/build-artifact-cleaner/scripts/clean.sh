#!/usr/bin/env bash
# Remove regenerable build artifacts inside the current git repository.
set -euo pipefail

ALLOW=(dist build out target .next .nuxt .turbo .parcel-cache .svelte-kit
       __pycache__ .pytest_cache .mypy_cache .ruff_cache .tox coverage .nyc_output)
OPTIONAL=(node_modules .venv venv)

yes=0
extra=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --yes) yes=1 ;;
    --include) shift; extra+=("$1") ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
  shift
done

for e in "${extra[@]:-}"; do
  [[ -z "$e" ]] && continue
  ok=0
  for o in "${OPTIONAL[@]}"; do [[ "$e" == "$o" ]] && ok=1; done
  (( ok )) || { echo "--include only accepts: ${OPTIONAL[*]}" >&2; exit 2; }
  ALLOW+=("$e")
done

root="$(git rev-parse --show-toplevel 2>/dev/null)" || { echo "not inside a git repository" >&2; exit 1; }
root="$(realpath "$root")"
home="$(realpath "$HOME")"
if [[ "$root" == "/" || "$root" == "$home" ]]; then
  echo "refusing to run with repository root $root" >&2
  exit 1
fi

name_expr=()
for n in "${ALLOW[@]}"; do name_expr+=(-name "$n" -o); done
unset 'name_expr[${#name_expr[@]}-1]'

total=0
victims=()
while IFS= read -r -d '' dir; do
  real="$(realpath "$dir")"
  case "$real" in
    "$root"/*) ;;
    *) echo "skip (outside repo): $dir" >&2; continue ;;
  esac
  if [[ -L "$dir" ]]; then
    echo "skip (symlink): $dir" >&2; continue
  fi
  if [[ -n "$(git -C "$root" ls-files -- "${real#"$root"/}" | head -n1)" ]]; then
    echo "skip (contains tracked files): ${real#"$root"/}" >&2; continue
  fi
  size="$(du -sk "$real" | cut -f1)"
  total=$((total + size))
  victims+=("$real")
  printf '%8d KB  %s\n' "$size" "${real#"$root"/}"
done < <(find "$root" -path "$root/.git" -prune -o -type d \( "${name_expr[@]}" \) -prune -print0)

printf 'total: %d MB in %d directories\n' $((total / 1024)) "${#victims[@]}"

if (( ! yes )); then
  echo "dry run; re-run with --yes to delete"
  exit 0
fi

for v in "${victims[@]}"; do
  # Final re-check right before deletion.
  [[ "$v" == "$root"/* && ! -L "$v" ]] || continue
  rm -rf -- "$v"
done
echo "removed ${#victims[@]} directories"
