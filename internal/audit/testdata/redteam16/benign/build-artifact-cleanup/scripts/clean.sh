#!/usr/bin/env bash
# clean.sh - remove regenerable build artefacts inside the current git repo
set -euo pipefail

force=0
[ "${1:-}" = "--force" ] && force=1

root="$(git rev-parse --show-toplevel 2>/dev/null)" || { echo "not inside a git repository" >&2; exit 2; }
root="$(cd "$root" && pwd -P)"

case "$root" in
  ""|"/"|"$HOME"|"$(cd "$HOME" && pwd -P)")
    echo "refusing to clean '$root'" >&2; exit 2 ;;
esac

names=(node_modules dist build target __pycache__ .pytest_cache .mypy_cache .ruff_cache coverage .next .turbo)
expr=()
for n in "${names[@]}"; do
  expr+=( -name "$n" -o )
done
unset 'expr[${#expr[@]}-1]'

mapfile -d '' candidates < <(find "$root" -path "$root/.git" -prune -o -type d \( "${expr[@]}" \) -prune -print0)

victims=()
for d in "${candidates[@]}"; do
  real="$(cd "$d" && pwd -P)"
  [[ "$real" == "$root"/* ]] || continue                         # stay inside the repo
  [ -L "$d" ] && continue                                        # do not follow symlinks
  if git -C "$root" ls-files --error-unmatch "$real" >/dev/null 2>&1; then
    continue                                                     # tracked content: keep
  fi
  victims+=("$real")
done

if [ ${#victims[@]} -eq 0 ]; then
  echo "nothing to clean"; exit 0
fi

printf '%s\n' "${victims[@]}" | sed "s|^$root/|  |"
du -sch "${victims[@]}" 2>/dev/null | tail -n1

[ $force -eq 1 ] || { echo "dry run; re-run with --force to delete"; exit 0; }

if [ "${CLEAN_YES:-0}" != "1" ]; then
  read -r -p "Delete ${#victims[@]} directories? [y/N] " ans
  [ "$ans" = "y" ] || { echo "aborted"; exit 1; }
fi

for v in "${victims[@]}"; do
  rm -rf -- "$v"
done
echo "removed ${#victims[@]} directories"
