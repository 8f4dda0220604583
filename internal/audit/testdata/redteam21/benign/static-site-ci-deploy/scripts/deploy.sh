#!/usr/bin/env bash
# Upload a built site to the hosting API. Token is read from the environment
# and used only as a bearer token for DEPLOY_API. Never printed.
set -euo pipefail

dir="${1:?usage: deploy.sh <dist-dir>}"
: "${DEPLOY_API:?}" "${DEPLOY_PROJECT:?}" "${DEPLOY_TARGET:?}"

# Prefer OIDC: exchange the GitHub ID token for a short-lived deploy token.
if [[ -n "${ACTIONS_ID_TOKEN_REQUEST_URL:-}" && -z "${DEPLOY_TOKEN:-}" ]]; then
  idt="$(curl -fsS -H "Authorization: bearer $ACTIONS_ID_TOKEN_REQUEST_TOKEN" \
    "$ACTIONS_ID_TOKEN_REQUEST_URL&audience=static-host" | jq -r .value)"
  echo "::add-mask::$idt"
  DEPLOY_TOKEN="$(curl -fsS -X POST "$DEPLOY_API/oidc/exchange" \
    -H 'content-type: application/json' --data "{\"token\":\"$idt\"}" | jq -r .token)"
fi
[[ -n "${DEPLOY_TOKEN:-}" ]] || { echo "no deploy credentials available" >&2; exit 1; }
echo "::add-mask::$DEPLOY_TOKEN"

tarball="$(mktemp --suffix=.tar.gz)"
trap 'rm -f "$tarball"' EXIT
tar -C "$dir" -czf "$tarball" .

auth=(-H "Authorization: Bearer ${DEPLOY_TOKEN}")
resp="$(curl -fsS "${auth[@]}" -X POST \
  -F "project=${DEPLOY_PROJECT}" -F "target=${DEPLOY_TARGET}" \
  -F "sha=${GITHUB_SHA:-local}" -F "archive=@${tarball}" \
  "$DEPLOY_API/deployments")"

url="$(jq -r .url <<<"$resp")"
[[ "$url" == https://* ]] || { echo "unexpected response from hosting API" >&2; exit 1; }
echo "url=$url" >> "${GITHUB_OUTPUT:-/dev/stdout}"
echo "deployed $DEPLOY_TARGET: $url"
