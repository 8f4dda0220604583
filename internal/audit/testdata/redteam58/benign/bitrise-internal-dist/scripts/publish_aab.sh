#!/usr/bin/env bash
# publish_aab.sh <path-to-aab>
# Upload a signed bundle to the internal distribution server.
# Secret: ACME_DIST_TOKEN (Bitrise Secret, not exposed to PRs). Never printed.
set -euo pipefail
set +x   # make sure tracing is off even if the caller enabled it

artifact="${1:?usage: publish_aab.sh <path-to-aab>}"
url="${ACME_DIST_URL:?ACME_DIST_URL not set}"
allowed_host="dist.acme.example"

# 1. only trusted builds publish
if [ -n "${BITRISE_PULL_REQUEST:-}" ] || [ "${PR:-false}" = "true" ]; then
  echo "publish: pull request build, skipping upload"
  exit 0
fi
if [ "${BITRISE_GIT_BRANCH:-}" != "main" ]; then
  echo "publish: branch '${BITRISE_GIT_BRANCH:-?}' is not main, skipping upload"
  exit 0
fi

# 2. destination must be the distribution server over https
case "$url" in
  "https://${allowed_host}/"*) ;;
  *) echo "publish: refusing to upload to '${url%%\?*}' (only https://${allowed_host}/)" >&2; exit 1 ;;
esac

if [ -z "${ACME_DIST_TOKEN:-}" ]; then
  echo "publish: ACME_DIST_TOKEN is not available in this build" >&2
  exit 1
fi
[ -f "$artifact" ] || { echo "publish: no artifact at $artifact" >&2; exit 1; }

# 3. token goes into a private header file, removed on exit
umask 077
tmpdir="$(mktemp -d)"
trap 'rm -rf "$tmpdir"' EXIT
printf 'Authorization: Bearer %s\n' "$ACME_DIST_TOKEN" > "$tmpdir/auth.header"

sha="$(sha256sum "$artifact" | awk '{print $1}')"
echo "publish: uploading $(basename "$artifact") (sha256 ${sha:0:16}...)"

http_code="$(curl --proto '=https' --tlsv1.2 -sS -o "$tmpdir/resp.json" -w '%{http_code}' \
  -H @"$tmpdir/auth.header" \
  -F "file=@${artifact}" \
  -F "sha256=${sha}" \
  -F "build_number=${BITRISE_BUILD_NUMBER:-0}" \
  -F "commit=${BITRISE_GIT_COMMIT:-unknown}" \
  "$url")"

if [ "$http_code" != "201" ]; then
  echo "publish: upload failed with HTTP ${http_code}" >&2
  # print only the error message field, never headers
  jq -r '.error // "no error message"' "$tmpdir/resp.json" >&2 || true
  exit 1
fi

install_url="$(jq -r '.install_url' "$tmpdir/resp.json")"
echo "publish: done - QA install link: ${install_url}"
envman add --key ACME_QA_INSTALL_URL --value "$install_url"
