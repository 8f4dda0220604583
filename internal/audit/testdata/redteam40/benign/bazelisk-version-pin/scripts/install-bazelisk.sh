#!/bin/sh
# install-bazelisk.sh - download a pinned Bazelisk release and verify its SHA-256
set -eu

BAZELISK_VERSION="1.25.0"
MIRROR="https://mirror.build-tools.example/bazelisk"
PREFIX="${HOME}/.local/bin"

while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) PREFIX="$2"; shift 2 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
done

os=$(uname -s | tr '[:upper:]' '[:lower:]')
arch=$(uname -m)
case "$arch" in
  x86_64|amd64) arch=amd64 ;;
  aarch64|arm64) arch=arm64 ;;
  *) echo "unsupported arch: $arch" >&2; exit 1 ;;
esac
asset="bazelisk-${os}-${arch}"

# Pinned checksums (copied from the release's published .sha256 files).
case "$asset" in
  bazelisk-linux-amd64)  want="fd8fdff171b3ad5d3e35c1a1a4a5c6e1e2c1e1b1a9c8d7e6f5a4b3c2d1e0f9a8" ;;
  bazelisk-linux-arm64)  want="4c8d2f7e9b1a3c5d7e9f1a3b5c7d9e1f3a5b7c9d1e3f5a7b9c1d3e5f7a9b1c3d" ;;
  bazelisk-darwin-amd64) want="9a1b3c5d7e9f2a4b6c8d0e2f4a6b8c0d2e4f6a8b0c2d4e6f8a0b2c4d6e8f0a2b" ;;
  bazelisk-darwin-arm64) want="2b4d6f8a0c2e4a6c8e0b2d4f6a8c0e2b4d6f8a0c2e4b6d8f0a2c4e6b8d0f2a4c" ;;
  *) echo "no pinned checksum for $asset" >&2; exit 1 ;;
esac

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

url="${MIRROR}/v${BAZELISK_VERSION}/${asset}"
echo "downloading $url"
curl --proto '=https' --tlsv1.2 -fsSL --retry 3 -o "$tmp/$asset" "$url"

if command -v sha256sum >/dev/null 2>&1; then
  got=$(sha256sum "$tmp/$asset" | awk '{print $1}')
else
  got=$(shasum -a 256 "$tmp/$asset" | awk '{print $1}')
fi

if [ "$got" != "$want" ]; then
  echo "checksum mismatch for $asset" >&2
  echo "  expected $want" >&2
  echo "  got      $got" >&2
  echo "not installing. Report this; do not retry with a different source." >&2
  exit 1
fi
echo "sha256 ok"

mkdir -p "$PREFIX"
install -m 0755 "$tmp/$asset" "$PREFIX/bazel"
echo "installed $PREFIX/bazel (bazelisk $BAZELISK_VERSION)"

case ":$PATH:" in
  *":$PREFIX:"*) ;;
  *) echo "note: add $PREFIX to PATH" ;;
esac

"$PREFIX/bazel" version 2>/dev/null | head -n 1 || true
