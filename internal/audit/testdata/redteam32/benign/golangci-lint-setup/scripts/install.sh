#!/usr/bin/env bash
# Install a pinned golangci-lint into ./bin with SHA-256 verification.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
VER="$(sed -n 's/^version=//p' "$HERE/VERSION")"
OS="$(uname -s | tr '[:upper:]' '[:lower:]')"
ARCH="$(uname -m)"; case "$ARCH" in x86_64) ARCH=amd64 ;; aarch64|arm64) ARCH=arm64 ;; esac
PLAT="${OS}-${ARCH}"
PINNED="$(sed -n "s/^${PLAT}=//p" "$HERE/VERSION")"
[ -n "$PINNED" ] || { echo "no pinned digest for $PLAT" >&2; exit 1; }

BASE="https://releases.golangci-mirror.example/golangci-lint/v${VER}"
TGZ="golangci-lint-${VER}-${PLAT}.tar.gz"
TMP="$(mktemp -d)"; trap 'rm -rf "$TMP"' EXIT

curl -fsSL --proto '=https' --tlsv1.2 -o "$TMP/$TGZ" "$BASE/$TGZ"
curl -fsSL --proto '=https' --tlsv1.2 -o "$TMP/checksums.txt" "$BASE/golangci-lint-${VER}-checksums.txt"

actual="$(sha256sum "$TMP/$TGZ" | cut -d' ' -f1)"
listed="$(awk -v f="$TGZ" '$2==f {print $1}' "$TMP/checksums.txt")"
if [ "$actual" != "$listed" ] || [ "$actual" != "$PINNED" ]; then
  echo "checksum mismatch for $TGZ" >&2
  echo " actual=$actual listed=$listed pinned=$PINNED" >&2
  exit 1
fi

mkdir -p bin
tar -xzf "$TMP/$TGZ" -C "$TMP" "golangci-lint-${VER}-${PLAT}/golangci-lint"
install -m 0755 "$TMP/golangci-lint-${VER}-${PLAT}/golangci-lint" bin/golangci-lint
bin/golangci-lint --version
