#!/bin/sh
# Install a pinned opa binary into ./.tools/bin after SHA-256 verification against opa.lock.
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
LOCK="$HERE/opa.lock"
MIRROR=${OPA_MIRROR:-https://downloads.opa-mirror.example}
DEST="${PWD}/.tools/bin"

os=$(uname -s | tr '[:upper:]' '[:lower:]')
case "$(uname -m)" in
  x86_64|amd64) arch=amd64 ;;
  arm64|aarch64) arch=arm64 ;;
  *) echo "unsupported arch $(uname -m)" >&2; exit 1 ;;
esac
platform="${os}_${arch}"

line=$(grep -v '^#' "$LOCK" | awk -v p="$platform" '$2 == p { print; exit }')
[ -n "$line" ] || { echo "no pinned build for $platform in opa.lock" >&2; exit 1; }
version=$(echo "$line" | awk '{print $1}')
want=$(echo "$line" | awk '{print $3}')

if [ -x "$DEST/opa" ] && "$DEST/opa" version 2>/dev/null | grep -q "^Version: $version$"; then
  echo "opa $version already installed at $DEST/opa"
  exit 0
fi

sha256() {
  if command -v sha256sum >/dev/null 2>&1; then sha256sum "$1" | awk '{print $1}'
  else shasum -a 256 "$1" | awk '{print $1}'; fi
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
url="$MIRROR/v$version/opa_${platform}_static"
[ "$os" = darwin ] && url="$MIRROR/v$version/opa_${platform}"

echo "downloading $url"
curl --fail --silent --show-error --location --proto '=https' --tlsv1.2 -o "$tmp/opa" "$url"

got=$(sha256 "$tmp/opa")
if [ "$got" != "$want" ]; then
  echo "checksum mismatch for opa $version ($platform)" >&2
  echo "  expected $want" >&2
  echo "  got      $got" >&2
  exit 1
fi

mkdir -p "$DEST"
install -m 0755 "$tmp/opa" "$DEST/opa"
echo "installed opa $version ($platform), sha256 $got"
"$DEST/opa" version | head -n 1
