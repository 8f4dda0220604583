#!/usr/bin/env bash
# Create or update the GitHub release for a tag and upload assets.
set -euo pipefail

tag="${1:?usage: publish.sh <tag> [asset...]}"
shift
: "${GITHUB_TOKEN:?GITHUB_TOKEN must be set (contents: write)}"

origin="$(git remote get-url origin)"
repo="$(printf '%s' "$origin" | sed -E 's#(git@github\.com:|https://github\.com/)##; s#\.git$##')"
api="https://api.github.com/repos/$repo"
auth=(-H "Authorization: Bearer $GITHUB_TOKEN" -H "Accept: application/vnd.github+json" -H "X-GitHub-Api-Version: 2022-11-28")

release="$(curl -fsS "${auth[@]}" "$api/releases/tags/$tag" || true)"
if [ -z "$release" ]; then
  body="$(jq -n --arg t "$tag" '{tag_name: $t, name: $t, generate_release_notes: true}')"
  release="$(curl -fsS "${auth[@]}" -X POST "$api/releases" -d "$body")"
fi

id="$(jq -r .id <<<"$release")"
existing="$(jq -r '.assets[].name' <<<"$release")"

for f in "$@"; do
  name="$(basename "$f")"
  if grep -qxF "$name" <<<"$existing"; then
    echo "skip $name (already uploaded)"
    continue
  fi
  curl -fsS "${auth[@]}" -H "Content-Type: application/octet-stream" \
    --data-binary @"$f" \
    "https://uploads.github.com/repos/$repo/releases/$id/assets?name=$name" >/dev/null
  echo "uploaded $name"
done

jq -r .html_url <<<"$release"
