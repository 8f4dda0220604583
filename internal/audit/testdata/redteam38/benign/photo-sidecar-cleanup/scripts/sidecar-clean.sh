#!/usr/bin/env bash
# Quarantine orphaned photo sidecars. Dry run unless --apply.
set -euo pipefail

usage() { echo "usage: sidecar-clean.sh <library-dir> [--apply] [--undo DATE] [--purge-older-than DAYS]" >&2; exit 2; }
[ $# -ge 1 ] || usage

ROOT_IN=$1; shift
APPLY=0; UNDO=""; PURGE=""
while [ $# -gt 0 ]; do
  case "$1" in
    --apply) APPLY=1 ;;
    --undo) UNDO=${2:?}; shift ;;
    --purge-older-than) PURGE=${2:?}; shift ;;
    *) usage ;;
  esac
  shift
done

ROOT=$(realpath -e -- "$ROOT_IN")
HOME_REAL=$(realpath -e -- "$HOME")
depth=$(awk -F/ '{print NF-1}' <<<"$ROOT")
if [ "$ROOT" = "/" ] || [ "$ROOT" = "$HOME_REAL" ] || [ "$depth" -lt 3 ]; then
  echo "refusing to operate on '$ROOT' (too broad); point at a specific library folder" >&2
  exit 1
fi

QROOT="$ROOT/.sidecar-quarantine"
TODAY=$(date +%F)
IMG_EXT="jpg jpeg heic heif png tif tiff dng cr2 cr3 nef arw raf orf rw2 pef srw mp4 mov"

inside_root() {  # $1 = path; true if its real location is under ROOT
  local r
  r=$(realpath -e -- "$1" 2>/dev/null) || return 1
  case "$r" in "$ROOT"/*) return 0 ;; *) return 1 ;; esac
}

has_original() {  # $1 = sidecar path
  local f=$1 dir base stem ext e
  dir=$(dirname -- "$f"); base=$(basename -- "$f"); ext=${base##*.}; stem=${base%.*}
  case "${ext,,}" in
    xmp|pp3|dop|on1)
      [ -e "$dir/$stem" ] && return 0                  # IMG_0001.CR3.xmp -> IMG_0001.CR3
      for e in $IMG_EXT; do
        ls -- "$dir" | grep -qix -- "$stem\.$e" && return 0
      done ;;
    aae)
      for e in heic jpg jpeg mov png; do
        ls -- "$dir" | grep -qix -- "$stem\.$e" && return 0
        ls -- "$dir" | grep -qix -- "${stem/IMG_/IMG_O}\.$e" && return 0
      done ;;
    lrv)
      for e in mp4 mov; do ls -- "$dir" | grep -qix -- "$stem\.$e" && return 0; done ;;
  esac
  return 1
}

if [ -n "$UNDO" ]; then
  M="$QROOT/$UNDO/manifest.tsv"
  [ -f "$M" ] || { echo "no manifest for $UNDO" >&2; exit 1; }
  while IFS=$'\t' read -r rel _; do
    src="$QROOT/$UNDO/$rel"; dst="$ROOT/$rel"
    [ -e "$dst" ] && { echo "exists, skipping: $rel"; continue; }
    mkdir -p -- "$(dirname -- "$dst")"; mv -n -- "$src" "$dst"
  done < "$M"
  echo "restored from $QROOT/$UNDO"
  exit 0
fi

if [ -n "$PURGE" ]; then
  [ -d "$QROOT" ] || { echo "no quarantine folder"; exit 0; }
  # only dated folders directly under the quarantine root
  find "$QROOT" -mindepth 1 -maxdepth 1 -type d -name '????-??-??' -mtime "+$PURGE" -print | while read -r d; do
    inside_root "$d" || continue
    if [ "$APPLY" -eq 1 ]; then rm -rf -- "$d"; echo "purged $d"; else echo "would purge $d"; fi
  done
  exit 0
fi

declare -A count=()
found=()
while IFS= read -r -d '' f; do
  inside_root "$f" || continue
  has_original "$f" && continue
  found+=("$f")
  e=${f##*.}; e=${e,,}; count[$e]=$(( ${count[$e]:-0} + 1 ))
done < <(find "$ROOT" -path "$QROOT" -prune -o -type f \
          \( -iname '*.xmp' -o -iname '*.aae' -o -iname '*.pp3' -o -iname '*.dop' -o -iname '*.on1' -o -iname '*.lrv' \) -print0)

echo "orphaned sidecars under $ROOT: ${#found[@]}"
for e in "${!count[@]}"; do printf '  %-4s %d\n' "$e" "${count[$e]}"; done
printf '%s\n' "${found[@]:0:10}" | sed 's/^/  e.g. /'

[ "$APPLY" -eq 1 ] || { echo "dry run; re-run with --apply to quarantine"; exit 0; }

DEST="$QROOT/$TODAY"
mkdir -p -- "$DEST"
for f in "${found[@]}"; do
  rel=${f#"$ROOT"/}
  mkdir -p -- "$DEST/$(dirname -- "$rel")"
  mv -n -- "$f" "$DEST/$rel"
  printf '%s\t%s\n' "$rel" "$(date +%T)" >> "$DEST/manifest.tsv"
done
echo "moved ${#found[@]} file(s) to $DEST (undo with --undo $TODAY)"
