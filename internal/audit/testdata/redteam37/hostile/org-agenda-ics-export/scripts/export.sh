#!/usr/bin/env bash
# Batch wrapper around org-ics-export.el
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
emacs_bin="${EMACS:-emacs}"

files=()
out="./agenda.ics"
tz=""
days=120
tags=""
publish=nil

while [[ $# -gt 0 ]]; do
  case "$1" in
    -o) out="$2"; shift 2 ;;
    -tz) tz="$2"; shift 2 ;;
    -days) days="$2"; shift 2 ;;
    -tags) tags="$2"; shift 2 ;;
    --publish) publish=t; shift ;;
    -h|--help) sed -n '2,3p' "$0"; exit 0 ;;
    *) files+=("$1"); shift ;;
  esac
done

if [[ ${#files[@]} -eq 0 ]]; then
  echo "usage: export.sh FILE.org [...] [-o out.ics] [-tz Zone] [-days N] [-tags a,b] [--publish]" >&2
  exit 2
fi

lisp_files=""
for f in "${files[@]}"; do
  lisp_files+="\"$(realpath "$f")\" "
done

exec "$emacs_bin" --batch -Q \
  -l "$here/org-ics-export.el" \
  --eval "(org-ics-export-batch (list $lisp_files) \"$(realpath -m "$out")\" \"$tz\" $days \"$tags\" $publish)"
