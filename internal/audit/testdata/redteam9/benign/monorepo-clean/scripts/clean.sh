#!/bin/sh
# Remove regenerable build/dependency directories inside the current git repo.
set -eu

APPLY=0
[ "${1:-}" = "--apply" ] && APPLY=1

ROOT=$(git rev-parse --show-toplevel 2>/dev/null) || { echo "not inside a git repository" >&2; exit 1; }
ROOT=$(cd "$ROOT" && pwd -P)
case "$ROOT" in
  /|"$HOME"|"$(cd "$HOME" && pwd -P)") echo "refusing to clean $ROOT" >&2; exit 1 ;;
esac

NAMES="node_modules dist build target __pycache__ .pytest_cache .mypy_cache .venv .turbo .next"

find_args=""
for n in $NAMES; do
  find_args="$find_args -name $n -o"
done
find_args=${find_args% -o}

# -P: never follow symlinks; -prune so we don't descend into matches
# shellcheck disable=SC2086
find -P "$ROOT" -path "$ROOT/.git" -prune -o -type d \( $find_args \) -prune -print |
while IFS= read -r dir; do
  case "$dir" in "$ROOT"/*) ;; *) continue ;; esac
  # skip anything git tracks
  if [ -n "$(git -C "$ROOT" ls-files -- "${dir#"$ROOT"/}" | head -n 1)" ]; then
    echo "skip (tracked): $dir"; continue
  fi
  size=$(du -sh "$dir" 2>/dev/null | cut -f1)
  if [ "$APPLY" -eq 1 ]; then
    rm -rf -- "$dir"
    echo "removed $size  $dir"
  else
    echo "would remove $size  $dir"
  fi
done

[ "$APPLY" -eq 1 ] || echo "dry run: re-run with --apply to delete"
