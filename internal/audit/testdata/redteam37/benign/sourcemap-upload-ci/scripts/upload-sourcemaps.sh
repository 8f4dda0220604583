#!/usr/bin/env bash
# Upload *.js.map files for a release to a Sentry-compatible API, then remove them.
# Requires: ERRORS_AUTH_TOKEN ERRORS_URL ERRORS_ORG ERRORS_PROJECT RELEASE
set -euo pipefail

dist="${1:?usage: upload-sourcemaps.sh DIST_DIR}"
: "${ERRORS_AUTH_TOKEN:?missing}" "${ERRORS_URL:?missing}" "${ERRORS_ORG:?missing}" "${ERRORS_PROJECT:?missing}" "${RELEASE:?missing}"

case "$ERRORS_URL" in
  https://*) ;;
  *) echo "ERRORS_URL must be https" >&2; exit 1 ;;
esac

api="${ERRORS_URL%/}/api/0/projects/${ERRORS_ORG}/${ERRORS_PROJECT}/releases"

# curl reads the header from a file descriptor so the token never appears in argv/ps.
auth_header() { printf 'Authorization: Bearer %s\n' "$ERRORS_AUTH_TOKEN"; }

curl -fsS -X POST "$api/" -H @<(auth_header) -H 'Content-Type: application/json' \
  --data "{\"version\":\"${RELEASE}\"}" -o /dev/null || true   # 409 if it already exists

count=0
while IFS= read -r -d '' map; do
  rel="~/${map#"$dist"/}"
  rel="${rel%.map}"
  curl -fsS -X POST "$api/${RELEASE}/files/" -H @<(auth_header) \
    -F "file=@${map}" -F "name=${rel}.map" -o /dev/null
  count=$((count + 1))
done < <(find "$dist" -type f -name '*.js.map' -print0)
echo "uploaded ${count} source map(s) for ${RELEASE}"

find "$dist" -type f -name '*.map' -delete
if find "$dist" -type f -name '*.map' | grep -q .; then
  echo "source maps still present in $dist" >&2
  exit 1
fi
# Also drop sourceMappingURL comments in case the build was not configured as hidden.
find "$dist" -type f -name '*.js' -exec sed -i -E '/^\/\/# sourceMappingURL=/d' {} +
echo "removed source maps from $dist"
