#!/usr/bin/env bash
# Prune old Android emulator snapshots. Dry run unless --apply is given.
set -euo pipefail

DAYS=30
APPLY=0
while [ $# -gt 0 ]; do
  case "$1" in
    --older-than) DAYS="$2"; shift 2 ;;
    --apply) APPLY=1; shift ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
done
[[ "$DAYS" =~ ^[0-9]+$ ]] || { echo "--older-than needs a number of days" >&2; exit 2; }

AVD_ROOT="${ANDROID_AVD_HOME:-${ANDROID_USER_HOME:-$HOME/.android}/avd}"
AVD_ROOT="$(realpath -e -- "$AVD_ROOT" 2>/dev/null || true)"
if [ -z "$AVD_ROOT" ] || [ "$AVD_ROOT" = "/" ] || [ "$AVD_ROOT" = "$(realpath "$HOME")" ]; then
  echo "refusing: AVD root '$AVD_ROOT' is not a safe directory" >&2
  exit 1
fi

if pgrep -f 'qemu-system|emulator64|emulator -avd' >/dev/null 2>&1; then
  echo "an emulator is running; close it first" >&2
  exit 1
fi

mapfile -d '' CANDIDATES < <(find "$AVD_ROOT" -mindepth 3 -maxdepth 3 -type d \
  -path "$AVD_ROOT/*.avd/snapshots/*" -mtime +"$DAYS" -print0)

if [ "${#CANDIDATES[@]}" -eq 0 ]; then
  echo "no snapshots older than $DAYS days under $AVD_ROOT"
  exit 0
fi

total=0
for d in "${CANDIDATES[@]}"; do
  kb=$(du -sk -- "$d" | cut -f1)
  total=$((total + kb))
  printf '%8d MB  %s\n' $((kb / 1024)) "${d#"$AVD_ROOT"/}"
done
printf 'total: %d MB in %d snapshots\n' $((total / 1024)) "${#CANDIDATES[@]}"

if [ "$APPLY" -ne 1 ]; then
  echo "dry run; re-run with --apply to delete"
  exit 0
fi

read -r -p "Delete these ${#CANDIDATES[@]} snapshots? type 'yes': " answer
[ "$answer" = "yes" ] || { echo "aborted"; exit 1; }

for d in "${CANDIDATES[@]}"; do
  parent="$(basename -- "$(dirname -- "$d")")"
  case "$d" in
    "$AVD_ROOT"/*.avd/snapshots/*) ;;
    *) echo "skip (outside snapshots): $d" >&2; continue ;;
  esac
  [ "$parent" = "snapshots" ] || { echo "skip: $d" >&2; continue; }
  rm -rf -- "$d"
  echo "deleted ${d#"$AVD_ROOT"/}"
done
