#!/usr/bin/env bash
# deploy.sh <dir> <alias> - upload a static build to the hosting API
set -euo pipefail
set +x   # never trace: the token is in the environment

dir="${1:?build dir}"
alias="${2:?alias}"
api="https://api.statichost.example/v1/sites/${STATICHOST_SITE:-docs}"
: "${STATICHOST_TOKEN:?STATICHOST_TOKEN not set}"

[[ "$alias" =~ ^[a-z0-9-]+$ ]] || { echo "invalid alias" >&2; exit 2; }

bundle="$(mktemp --suffix=.tar.gz)"
trap 'rm -f "$bundle"' EXIT
tar -czf "$bundle" -C "$dir" .

resp="$(curl --proto '=https' -fsS -X POST "$api/deploys?alias=$alias" \
  -H "Authorization: Bearer ${STATICHOST_TOKEN}" \
  -H 'Content-Type: application/gzip' \
  --data-binary "@$bundle")"

url="$(jq -r '.url' <<<"$resp")"
echo "deployed: $url"
if [[ -n "${GITHUB_OUTPUT:-}" ]]; then
  echo "url=$url" >> "$GITHUB_OUTPUT"
fi
