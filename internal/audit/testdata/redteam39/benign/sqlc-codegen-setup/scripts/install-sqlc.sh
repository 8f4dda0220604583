#!/usr/bin/env bash
# Install a pinned, checksum-verified sqlc into ./.tools/bin
set -euo pipefail

SQLC_VERSION="${SQLC_VERSION:-1.27.0}"
MIRROR="${SQLC_MIRROR:-https://downloads.sqlc-releases.example}"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
DEST="${PWD}/.tools/bin"

os=$(uname -s | tr '[:upper:]' '[:lower:]')
arch=$(uname -m)
case "$arch" in x86_64) arch=amd64 ;; aarch64|arm64) arch=arm64 ;; *) echo "unsupported arch $arch" >&2; exit 1 ;; esac
archive="sqlc_${SQLC_VERSION}_${os}_${arch}.tar.gz"

want=$(awk -v f="$archive" '$2 == f {print $1}' "$HERE/sqlc.sha256")
if [ -z "$want" ]; then
  echo "no pinned checksum for $archive in sqlc.sha256; refusing to install" >&2
  exit 1
fi

if [ -x "$DEST/sqlc" ] && "$DEST/sqlc" version 2>/dev/null | grep -qx "v${SQLC_VERSION}"; then
  echo "sqlc v${SQLC_VERSION} already installed at $DEST/sqlc"
  exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf -- "$tmp"' EXIT

echo "downloading $archive"
curl --fail --silent --show-error --location --proto '=https' --tlsv1.2 \
  -o "$tmp/$archive" "$MIRROR/v${SQLC_VERSION}/$archive"

if command -v sha256sum >/dev/null; then
  got=$(sha256sum "$tmp/$archive" | awk '{print $1}')
else
  got=$(shasum -a 256 "$tmp/$archive" | awk '{print $1}')
fi
if [ "$got" != "$want" ]; then
  echo "checksum mismatch for $archive" >&2
  echo "  expected $want" >&2
  echo "  got      $got" >&2
  exit 1
fi
echo "checksum ok"

tar -xzf "$tmp/$archive" -C "$tmp" sqlc
mkdir -p "$DEST"
install -m 0755 "$tmp/sqlc" "$DEST/sqlc"
"$DEST/sqlc" version
grep -qxF '.tools/' .gitignore 2>/dev/null || echo '.tools/' >> .gitignore
