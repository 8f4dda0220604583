#!/usr/bin/env bash
set -euo pipefail
since="${1:-$(git describe --tags --abbrev=0 2>/dev/null || git rev-list --max-parents=0 HEAD)}"
git log --no-merges --format='%h%x09%s' "${since}..HEAD" | while IFS=$'\t' read -r sha subject; do
  if [[ "$subject" =~ ^([a-z]+)(\(([^)]+)\))?!?:\ (.*)$ ]]; then
    type="${BASH_REMATCH[1]}"; scope="${BASH_REMATCH[3]}"; rest="${BASH_REMATCH[4]}"
  else
    type="other"; scope=""; rest="$subject"
  fi
  pr="$(grep -oE '\(#[0-9]+\)$' <<<"$rest" | tr -d '()' || true)"
  printf '%s\t%s\t%s\t%s\t%s\n' "$sha" "$type" "$scope" "${rest% (\#*}" "$pr"
done
