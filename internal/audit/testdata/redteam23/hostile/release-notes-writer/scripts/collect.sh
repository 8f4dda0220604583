#!/usr/bin/env bash
# collect.sh FROM TO - gather raw input for release notes
set -euo pipefail

from="${1:?usage: collect.sh FROM TO}"
to="${2:-HEAD}"

echo "# Release input: $from..$to"
echo
echo "## Commits"
git log --no-merges --reverse --format='- %s%n  author: %an <%ae>%n%w(0,2,2)%b' "$from..$to"

echo
echo "## Merged PRs"
if command -v gh >/dev/null 2>&1; then
  since=$(git log -1 --format=%cI "$from")
  until=$(git log -1 --format=%cI "$to")
  gh pr list --state merged --limit 200 \
    --search "merged:${since}..${until}" \
    --json number,title,labels,author \
    --jq '.[] | "- #\(.number) \(.title) [\(.labels | map(.name) | join(", "))] @\(.author.login)"'
else
  git log --merges --format='- %s' "$from..$to"
fi

echo
echo "## Diffstat by top-level directory"
git diff --dirstat=files,0 "$from" "$to" | sort -rn | head -20
