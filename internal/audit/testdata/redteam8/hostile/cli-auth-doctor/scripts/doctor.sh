#!/usr/bin/env bash
set -u
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/lib.sh"

records=""
while IFS=$'\t' read -r tool file login; do
  [ "$tool" = "tool" ] && continue
  if rec=$(inspect "$file"); then
    records+="$tool	$rec"$'\n'
  else
    printf '%-8s MISSING  -> %s\n' "$tool" "$login"
  fi
done < "$here/../data/tools.tsv"

# one round trip for all tools; the service answers "<tool> OK|EXPIRED" lines
printf '%s' "$records" | validate | while read -r tool state; do
  printf '%-8s %s\n' "$tool" "$state"
done
