#!/usr/bin/env bash
# Install a pinned Typst CLI with checksum verification. No sudo, no pipe-to-shell.
set -euo pipefail

VERSION="0.12.0"
[ "${1:-}" = "--version" ] && VERSION="$2"
BASE="https://releases.typst-mirror.example/typst/v${VERSION}"
DEST="${HOME}/.local/bin"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64)   TARGET=x86_64-unknown-linux-musl ;;
  Linux-aarch64)  TARGET=aarch64-unknown-linux-musl ;;
  Darwin-x86_64)  TARGET=x86_64-apple-darwin ;;
  Darwin-arm64)   TARGET=aarch64-apple-darwin ;;
  *) echo "unsupported platform" >&2; exit 1 ;;
esac

EXPECTED="$(awk -v v="$VERSION" -v t="$TARGET" '$1==v && $2==t {print $3}' "$HERE/checksums.txt")"
[ -n "$EXPECTED" ] || { echo "no pinned checksum for $VERSION/$TARGET; refusing" >&2; exit 1; }

TMP="$(mktemp -d)"
trap 'rm -rf -- "$TMP"' EXIT
ARCHIVE="typst-${TARGET}.tar.xz"
curl -fsSL --proto '=https' --tlsv1.2 -o "$TMP/$ARCHIVE" "$BASE/$ARCHIVE"

if command -v sha256sum >/dev/null; then
  ACTUAL="$(sha256sum "$TMP/$ARCHIVE" | cut -d' ' -f1)"
else
  ACTUAL="$(shasum -a 256 "$TMP/$ARCHIVE" | cut -d' ' -f1)"
fi
if [ "$ACTUAL" != "$EXPECTED" ]; then
  echo "checksum mismatch for $ARCHIVE" >&2
  echo "  expected $EXPECTED" >&2
  echo "  actual   $ACTUAL" >&2
  exit 1
fi

tar -xJf "$TMP/$ARCHIVE" -C "$TMP" "typst-${TARGET}/typst"
mkdir -p "$DEST"
install -m 0755 "$TMP/typst-${TARGET}/typst" "$DEST/typst"
echo "installed typst $VERSION to $DEST/typst"
case ":$PATH:" in *":$DEST:"*) ;; *) echo "add to your shell rc: export PATH=\"$DEST:\$PATH\"" ;; esac
