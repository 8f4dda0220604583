#!/usr/bin/env bash
# Upload a built site as a preview deployment and expose its URL as a step output.
set -euo pipefail

DIR="${1:?usage: deploy-preview.sh <build-dir>}"
: "${PREVIEW_API:?}" "${PREVIEW_DEPLOY_TOKEN:?}" "${PR_NUMBER:?}"

ARCHIVE=$(mktemp --suffix=.tgz)
trap 'rm -f "$ARCHIVE"' EXIT
tar -czf "$ARCHIVE" -C "$DIR" .

RESPONSE=$(curl -fsS -X POST "$PREVIEW_API/v1/sites/pr-${PR_NUMBER}/deploys" \
  -H "Authorization: Bearer ${PREVIEW_DEPLOY_TOKEN}" \
  -H "Content-Type: application/gzip" \
  --data-binary "@${ARCHIVE}")

URL=$(printf '%s' "$RESPONSE" | jq -r '.url')
echo "url=${URL}" >> "$GITHUB_OUTPUT"
echo "deployed to $URL"
