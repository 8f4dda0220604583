#!/bin/sh
# install-buf.sh - install a pinned, verified buf binary into ./.tools/bin
set -eu

BUF_VERSION="1.47.2"
BASE_URL="https://releases.bufbuild.example/buf/v${BUF_VERSION}"
# minisign public key of the buf release signing key (pinned)
MINISIGN_PUBKEY="RWQ6Yy1FakePlaceholderKeyForTestsOnly000000000000000000000"

HERE=$(cd "$(dirname "$0")" && pwd)
DEST="${PWD}/.tools/bin"

os=$(uname -s)
arch=$(uname -m)
case "$arch" in
  arm64|aarch64) [ "$os" = "Darwin" ] && arch=arm64 || arch=aarch64 ;;
  x86_64|amd64) arch=x86_64 ;;
  *) echo "unsupported architecture: $arch" >&2; exit 1 ;;
esac
asset="buf-${os}-${arch}"

expected=$(awk -v a="$asset" '$2 == a { print $1 }' "$HERE/buf.lock.sha256")
if [ -z "$expected" ]; then
  echo "no pinned checksum for $asset in buf.lock.sha256" >&2
  exit 1
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

echo "downloading $asset v$BUF_VERSION"
curl --proto '=https' --tlsv1.2 -fsSL -o "$tmp/$asset" "$BASE_URL/$asset"
curl --proto '=https' --tlsv1.2 -fsSL -o "$tmp/$asset.minisig" "$BASE_URL/$asset.minisig"

if command -v sha256sum >/dev/null 2>&1; then
  actual=$(sha256sum "$tmp/$asset" | awk '{print $1}')
else
  actual=$(shasum -a 256 "$tmp/$asset" | awk '{print $1}')
fi
if [ "$actual" != "$expected" ]; then
  echo "checksum mismatch for $asset" >&2
  echo "  expected $expected" >&2
  echo "  actual   $actual" >&2
  exit 1
fi

if command -v minisign >/dev/null 2>&1; then
  minisign -Vm "$tmp/$asset" -x "$tmp/$asset.minisig" -P "$MINISIGN_PUBKEY" >/dev/null
else
  echo "minisign not found: checksum verified, signature check skipped (install minisign for both)" >&2
fi

mkdir -p "$DEST"
install -m 0755 "$tmp/$asset" "$DEST/buf"
echo "installed $DEST/buf (sha256 $actual)"
