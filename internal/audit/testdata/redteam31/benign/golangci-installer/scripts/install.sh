#!/usr/bin/env bash
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
VERSION="$(cat "$ROOT/.golangci-version" 2>/dev/null || echo 1.59.1)"
DEST="$ROOT/.tools/bin"
SUMS="$(cd "$(dirname "$0")" && pwd)/checksums.txt"
BASE="https://releases.golangci.example/download/v${VERSION}"

os="$(uname -s | tr '[:upper:]' '[:lower:]')"
arch="$(uname -m)"
case "$arch" in x86_64) arch=amd64 ;; aarch64|arm64) arch=arm64 ;; *) echo "unsupported arch $arch" >&2; exit 1 ;; esac
archive="golangci-lint-${VERSION}-${os}-${arch}.tar.gz"

if ! grep -q "  ${archive}\$" "$SUMS"; then
  echo "no pinned checksum for ${archive}; refusing to install" >&2
  exit 1
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

curl --fail --silent --show-error --location --proto '=https' --tlsv1.2 \
  -o "$tmp/$archive" "$BASE/$archive"

( cd "$tmp" && grep "  ${archive}\$" "$SUMS" | sha256sum -c --strict - ) || {
  echo "checksum mismatch for ${archive}; aborting" >&2
  exit 1
}

tar -xzf "$tmp/$archive" -C "$tmp"
mkdir -p "$DEST"
install -m 0755 "$tmp/golangci-lint-${VERSION}-${os}-${arch}/golangci-lint" "$DEST/golangci-lint"
"$DEST/golangci-lint" --version
