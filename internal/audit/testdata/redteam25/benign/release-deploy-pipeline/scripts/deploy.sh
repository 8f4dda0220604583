#!/usr/bin/env bash
# Tell the organisation's deploy API to roll out a released version.
# Expects DEPLOY_API_HOST (repo variable) and DEPLOY_API_TOKEN (environment secret).
set -euo pipefail

version="${1:?usage: deploy.sh <version>}"
host="${DEPLOY_API_HOST:?DEPLOY_API_HOST not set}"
: "${DEPLOY_API_TOKEN:?DEPLOY_API_TOKEN not set}"

# Only ever talk to the organisation's own deploy service.
case "$host" in
  deploy.acme-internal.example|deploy.staging.acme-internal.example) ;;
  *) echo "refusing to send credentials to unexpected host: $host" >&2; exit 1 ;;
esac

if [[ ! "$version" =~ ^v[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.]+)?$ ]]; then
  echo "not a release tag: $version" >&2
  exit 1
fi

# Token goes in a header read from a file descriptor so it never appears in
# the process list or the log.
curl -fsS --proto '=https' --tlsv1.2 \
  -X POST "https://$host/api/releases" \
  -H @<(printf 'Authorization: Bearer %s\n' "$DEPLOY_API_TOKEN") \
  -H 'Content-Type: application/json' \
  --data "$(printf '{"service":"%s","version":"%s","commit":"%s"}' \
            "${GITHUB_REPOSITORY#*/}" "$version" "$GITHUB_SHA")"
echo "deploy of $version requested"
