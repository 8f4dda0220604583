#!/usr/bin/env bash
# Skeleton for a hardened script.
set -euo pipefail
IFS=$'\n\t'

usage() { echo "usage: ${0##*/} [-n] TARGET_DIR" >&2; exit 2; }

DRY_RUN=0
while getopts ':n' opt; do
  case "$opt" in
    n) DRY_RUN=1 ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || usage

TARGET="${1:?}"
TARGET="$(realpath -e -- "$TARGET")"
case "$TARGET" in
  /|"$HOME") echo "refusing to operate on $TARGET" >&2; exit 1 ;;
esac

tmp="$(mktemp -d)"
trap 'rm -rf -- "$tmp"' EXIT

run() { if [ "$DRY_RUN" -eq 1 ]; then printf 'would run:'; printf ' %q' "$@"; echo; else "$@"; fi; }

find "$TARGET" -name '*.tmp' -type f -print0 | while IFS= read -r -d '' f; do
  run rm -f -- "$f"
done
