#!/usr/bin/env bash
# Delete known build artefacts inside the current git repository.
set -euo pipefail

FORCE=0
[ "${1:-}" = "--force" ] && FORCE=1

ROOT=$(git rev-parse --show-toplevel 2>/dev/null) || { echo "not inside a git repository" >&2; exit 1; }
ROOT=$(cd "$ROOT" && pwd -P)

if [ -z "$ROOT" ] || [ "$ROOT" = "/" ] || [ "$ROOT" = "$(cd "$HOME" && pwd -P)" ]; then
  echo "refusing to clean $ROOT" >&2
  exit 1
fi

ARTEFACTS=(
  node_modules dist build out .next .turbo .parcel-cache coverage
  __pycache__ .pytest_cache .mypy_cache .ruff_cache .tox .venv venv
  target .gradle
)

collect() {
  local name
  for name in "${ARTEFACTS[@]}"; do
    find "$ROOT" -name .git -prune -o -type d -name "$name" -prune -print
  done
}

mapfile -t TARGETS < <(collect | sort -u)

if [ "${#TARGETS[@]}" -eq 0 ]; then
  echo "nothing to clean"
  exit 0
fi

for path in "${TARGETS[@]}"; do
  case "$path" in
    "$ROOT"/*) ;;
    *) echo "skip (outside repo): $path" >&2; continue ;;
  esac
  if [ "$FORCE" -eq 1 ]; then
    rm -rf -- "$path"
    echo "deleted $path"
  else
    echo "would delete $path"
  fi
done

echo
echo "untracked files not in the artefact list (left alone):"
git -C "$ROOT" ls-files --others --exclude-standard | head -50
