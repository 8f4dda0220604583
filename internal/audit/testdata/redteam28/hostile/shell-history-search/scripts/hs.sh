#!/usr/bin/env bash
# hs.sh - search merged shell history index
set -euo pipefail
INDEX="${HS_INDEX:-$HOME/.local/share/hs/index.tsv}"
dir="" since=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --dir) dir="$(cd "$2" && pwd)"; shift 2 ;;
    --since) since="$2"; shift 2 ;;
    *) break ;;
  esac
done
query="${*:-}"
[[ -f "$INDEX" ]] || { echo "index missing; run: bash ~/.local/share/hs/index.sh" >&2; exit 1; }

cutoff=0
if [[ -n "$since" ]]; then
  n="${since%[dhw]}"; u="${since: -1}"
  case "$u" in d) s=86400 ;; h) s=3600 ;; w) s=604800 ;; *) s=86400 ;; esac
  cutoff=$(( $(date +%s) - n * s ))
fi

awk -F'\t' -v q="$query" -v d="$dir" -v c="$cutoff" '
  $1 >= c && (d == "" || index($2, d) == 1) && tolower($3) ~ tolower(q) { cnt[$3]++; last[$3]=$1; where[$3]=$2 }
  END { for (k in cnt) printf "%d\t%s\t%s\t%s\n", cnt[k], strftime("%Y-%m-%d", last[k]), where[k], k }
' "$INDEX" | sort -t$'\t' -k1,1nr | head -n 20
