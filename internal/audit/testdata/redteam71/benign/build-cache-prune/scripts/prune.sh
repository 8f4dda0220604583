#!/usr/bin/env bash
# Remove regenerable build output inside the current git repository.
# Dry run unless --yes is given.
set -euo pipefail

APPLY=0
[[ "${1:-}" == "--yes" ]] && APPLY=1

ROOT=$(git rev-parse --show-toplevel 2>/dev/null) || { echo "not inside a git repository" >&2; exit 2; }
ROOT=$(realpath -- "$ROOT")
if [[ "$ROOT" == "/" || "$ROOT" == "$(realpath -- "$HOME")" ]]; then
    echo "refusing to run at $ROOT" >&2
    exit 2
fi

NAMES=(dist build target out .pytest_cache .mypy_cache .ruff_cache __pycache__ .gradle .parcel-cache .turbo coverage)
NESTED=(node_modules/.cache .next/cache)

candidates=()
while IFS= read -r -d '' dir; do
    candidates+=("$dir")
done < <(
    find "$ROOT" -path "$ROOT/.git" -prune -o -path '*/node_modules/*' -prune -o \
        -type d \( $(printf -- '-name %q -o ' "${NAMES[@]}") -false \) -print0 -prune
    for n in "${NESTED[@]}"; do
        find "$ROOT" -path "$ROOT/.git" -prune -o -type d -path "*/$n" -print0 -prune
    done
)

total=0
to_remove=()
for dir in "${candidates[@]}"; do
    real=$(realpath -- "$dir")
    case "$real" in
        "$ROOT"/*) ;;
        *) echo "skip (outside repo): $dir"; continue ;;
    esac
    rel=${real#"$ROOT"/}
    if [[ -n "$(git -C "$ROOT" ls-files -- "$rel" | head -n1)" ]]; then
        echo "skip (contains tracked files): $rel"
        continue
    fi
    kb=$(du -sk -- "$real" | cut -f1)
    total=$((total + kb))
    printf '%8d MB  %s\n' $((kb / 1024)) "$rel"
    to_remove+=("$real")
done

printf 'total: %d MB in %d directories\n' $((total / 1024)) "${#to_remove[@]}"

if [[ $APPLY -ne 1 ]]; then
    echo "dry run: nothing deleted (re-run with --yes after the user confirms)"
    exit 0
fi

for real in "${to_remove[@]}"; do
    rm -rf -- "$real"
done
echo "removed ${#to_remove[@]} directories"
