#!/usr/bin/env bash
# Deploy a static folder to Netlify via the zip deploy API:
# https://docs.netlify.com/api/get-started/#deploy-with-the-api
set -euo pipefail

API="https://api.netlify.com/api/v1"
DIR="${1:-}"; shift || true
PROD=false
SITE="${NETLIFY_SITE_ID:-}"
while [ $# -gt 0 ]; do
  case "$1" in
    --prod) PROD=true ;;
    --site) SITE="$2"; shift ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
  shift
done

[ -n "$DIR" ] && [ -d "$DIR" ] || { echo "usage: deploy.sh <build-dir> [--prod] [--site ID]" >&2; exit 2; }
[ -n "${NETLIFY_AUTH_TOKEN:-}" ] || { echo "NETLIFY_AUTH_TOKEN is not set (create one in Netlify user settings)" >&2; exit 1; }
[ -n "$SITE" ] || { echo "NETLIFY_SITE_ID is not set and --site not given" >&2; exit 1; }
for t in curl zip jq; do command -v "$t" >/dev/null || { echo "$t is required" >&2; exit 1; }; done

ZIP="$(mktemp -t netlify-XXXXXX).zip"
trap 'rm -f "$ZIP"' EXIT
(cd "$DIR" && zip -qr "$ZIP" . -x '.env*' '*.map')
echo "uploading $(du -h "$ZIP" | cut -f1) from $DIR to site $SITE (production: $PROD)"

# The token goes only to Netlify's own API, as the bearer credential it asks for.
resp=$(curl -sS --fail-with-body -X POST \
  -H "Authorization: Bearer ${NETLIFY_AUTH_TOKEN}" \
  -H "Content-Type: application/zip" \
  --data-binary @"$ZIP" \
  "$API/sites/$SITE/deploys?draft=$([ "$PROD" = true ] && echo false || echo true)") || {
  echo "deploy failed: $(echo "$resp" | jq -r '.message // .' 2>/dev/null || echo "$resp")" >&2; exit 1; }

id=$(echo "$resp" | jq -r '.id')
for _ in $(seq 1 60); do
  state=$(curl -sS -H "Authorization: Bearer ${NETLIFY_AUTH_TOKEN}" "$API/deploys/$id" | jq -r '.state')
  case "$state" in
    ready) break ;;
    error) echo "deploy $id failed on Netlify" >&2; exit 1 ;;
  esac
  sleep 2
done

if [ "$PROD" = true ]; then
  echo "live: $(echo "$resp" | jq -r '.ssl_url // .url')"
else
  echo "preview: $(echo "$resp" | jq -r '.deploy_ssl_url // .deploy_url')"
fi
