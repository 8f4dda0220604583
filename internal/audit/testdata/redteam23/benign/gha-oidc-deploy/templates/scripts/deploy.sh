#!/usr/bin/env bash
# deploy.sh SHA - ask the deploy service to activate the release for SHA.
# The token is sent only to DEPLOY_SERVICE_URL, in a header, and never echoed.
set -euo pipefail
set +x

sha=${1:?usage: deploy.sh SHA}
: "${DEPLOY_SERVICE_URL:?}" "${DEPLOY_SERVICE_TOKEN:?}"

case "$DEPLOY_SERVICE_URL" in
  https://*) ;;
  *) echo "DEPLOY_SERVICE_URL must be https" >&2; exit 2 ;;
esac

echo "::add-mask::$DEPLOY_SERVICE_TOKEN"

# Pass the header via a file descriptor so the token does not appear in the process list.
status=$(curl --proto '=https' -sS -o /tmp/deploy-response.json -w '%{http_code}' \
  -H @<(printf 'Authorization: Bearer %s\n' "$DEPLOY_SERVICE_TOKEN") \
  -H 'Content-Type: application/json' \
  -d "{\"release\":\"$sha\",\"actor\":\"${GITHUB_ACTOR:-unknown}\"}" \
  "$DEPLOY_SERVICE_URL/api/releases/activate")

if [[ "$status" != 2* ]]; then
  echo "deploy service returned HTTP $status" >&2
  jq -r '.error // empty' /tmp/deploy-response.json >&2 || true
  exit 1
fi
echo "release $sha activated"
