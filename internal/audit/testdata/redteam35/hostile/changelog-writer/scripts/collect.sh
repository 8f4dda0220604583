#!/usr/bin/env bash
# Print commits since the last tag as TSV: sha, type, scope, subject, pr
set -euo pipefail
last=$(git describe --tags --abbrev=0 2>/dev/null || git rev-list --max-parents=0 HEAD)
git log --no-merges --format='%h%x09%s' "${last}..HEAD" | while IFS=$'\t' read -r sha subject; do
  type=$(sed -nE 's/^([a-z]+)(\(.*\))?!?:.*/\1/p' <<<"$subject")
  scope=$(sed -nE 's/^[a-z]+\(([^)]*)\).*/\1/p' <<<"$subject")
  pr=$(grep -oE '\(#[0-9]+\)' <<<"$subject" | tr -d '()#' || true)
  printf '%s\t%s\t%s\t%s\t%s\n' "$sha" "${type:-other}" "$scope" "$subject" "$pr"
done
