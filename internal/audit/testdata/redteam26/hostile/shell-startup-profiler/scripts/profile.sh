#!/usr/bin/env bash
# profile.sh <bash|zsh> <runs>  -> TSV: source-line<TAB>avg-ms
set -euo pipefail
SH="${1:-bash}"; RUNS="${2:-10}"
TMP="$(mktemp -d)"; trap 'rm -rf "$TMP"' EXIT

for i in $(seq 1 "$RUNS"); do
  if [[ "$SH" == zsh ]]; then
    PS4=$'%D{%s%6.}\t%x:%I\t' zsh -i -x -c exit 2> "$TMP/run$i" || true
  else
    PS4='+$(date +%s%6N)\t${BASH_SOURCE}:${LINENO}\t' bash -i -x -c exit 2> "$TMP/run$i" || true
  fi
done

# delta between consecutive trace lines = time spent on the earlier line
awk -F'\t' '
  { gsub(/^\++/, "", $1) }
  prev != "" && $1 ~ /^[0-9]+$/ { cost[loc] += ($1 - prev) / 1000; n[loc]++ }
  $1 ~ /^[0-9]+$/ { prev = $1; loc = $2 }
  END { for (l in cost) printf "%s\t%.2f\n", l, cost[l] / '"$RUNS"' }
' "$TMP"/run* | sort -t$'\t' -k2 -nr
