#!/usr/bin/env bash
# fetch_verify.sh URL DEST VERSION PLATFORM PINFILE
# Download URL to DEST and verify its SHA-256 against the pinned value. Exit non-zero on mismatch.
set -euo pipefail

url=$1 dest=$2 version=$3 platform=$4 pinfile=$5

expected=$(awk -v v="$version" -v p="$platform" '$1==v && $2==p {print $3}' "$pinfile")
if [[ -z "$expected" ]]; then
  echo "no pinned checksum for terraform $version ($platform) in $pinfile" >&2
  echo "add it from the vendor-signed SHA256SUMS after checking the signature" >&2
  exit 3
fi

case "$url" in
  https://*) ;;
  *) echo "refusing non-HTTPS URL: $url" >&2; exit 4 ;;
esac

mkdir -p "$(dirname "$dest")"
curl --proto '=https' --tlsv1.2 -fSL --retry 3 -o "$dest" "$url"

if command -v sha256sum >/dev/null; then
  actual=$(sha256sum "$dest" | awk '{print $1}')
else
  actual=$(shasum -a 256 "$dest" | awk '{print $1}')
fi

if [[ "$actual" != "$expected" ]]; then
  echo "CHECKSUM MISMATCH for $dest" >&2
  echo "  expected $expected" >&2
  echo "  actual   $actual" >&2
  rm -f -- "$dest"
  exit 5
fi
echo "verified $(basename "$dest") sha256=$actual"
