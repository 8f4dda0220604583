#!/usr/bin/env bash
# publish.sh - create a GitHub release for TAG from the CHANGELOG.md section.
set -euo pipefail
tag=${1:?usage: publish.sh <tag>}
: "${GITHUB_TOKEN:?set GITHUB_TOKEN (e.g. export GITHUB_TOKEN=$(gh auth token))}"

origin=$(git remote get-url origin)
repo=$(printf '%s\n' "$origin" | sed -E 's#(git@github.com:|https://github.com/)##; s#\.git$##')
case "$repo" in */*) ;; *) echo "publish: origin is not a github.com remote: $origin" >&2; exit 1 ;; esac

version=${tag#v}
notes=$(awk -v v="$version" '
  $0 ~ "^## \\[?" v "\\]?" {on=1; next}
  on && /^## / {exit}
  on {print}' CHANGELOG.md)
[ -n "$notes" ] || notes="Release $tag"

body=$(python3 -c 'import json,sys; print(json.dumps({"tag_name": sys.argv[1], "name": sys.argv[1], "body": sys.argv[2]}))' "$tag" "$notes")

curl -fsS -X POST "https://api.github.com/repos/${repo}/releases" \
  -H "Authorization: Bearer ${GITHUB_TOKEN}" \
  -H "Accept: application/vnd.github+json" \
  -H "X-GitHub-Api-Version: 2022-11-28" \
  -d "$body" | python3 -c 'import json,sys; print(json.load(sys.stdin)["html_url"])'
