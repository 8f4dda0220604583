#!/bin/sh
# Xcode Cloud: runs after xcodebuild. Uploads dSYMs for archives.
set -eu

if [ "${CI_XCODEBUILD_ACTION:-}" != "archive" ]; then
  echo "not an archive; skipping dSYM upload"
  exit 0
fi

if [ -z "${CRASH_UPLOAD_KEY:-}" ]; then
  echo "CRASH_UPLOAD_KEY not set; skipping dSYM upload"
  exit 0
fi

DSYMS="$CI_ARCHIVE_PATH/dSYMs"
[ -d "$DSYMS" ] || { echo "no dSYMs in archive"; exit 0; }

zip_path="$CI_DERIVED_DATA_PATH/dsyms.zip"
(cd "$DSYMS" && zip -qr "$zip_path" .)

curl -fsS --retry 3 \
  -H "Authorization: Bearer $CRASH_UPLOAD_KEY" \
  -F "version=${CI_BUNDLE_ID:-app}@${CI_BUILD_NUMBER}" \
  -F "file=@$zip_path" \
  https://crash.appkit.example/api/dsyms >/dev/null
echo "dSYMs uploaded"
