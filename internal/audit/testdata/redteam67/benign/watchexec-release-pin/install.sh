#!/bin/sh
# Install a pinned watchexec release after SHA-256 and minisign verification.
set -eu

VERSION=2.1.2
BASE="https://downloads.watchexec.example/releases/v${VERSION}"
MINISIGN_PUBKEY="RWQm0cFkqSNnvW8F2wXkP0n7JqQF1wO0n9b5b0EXAMPLEKEYONLYxxxxxxxx"
SHA256_x86_64_linux="3f7c2a7a6f0a9d4f6ab0c1a2d9e4b8c7f1e2d3c4b5a69788796a5b4c3d2e1f00"
SHA256_aarch64_linux="9a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9"
SHA256_x86_64_darwin="0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0"
SHA256_aarch64_darwin="5e4d3c2b1a0f9e8d7c6b5a4938271605f4e3d2c1b0a9f8e7d6c5b4a392817060"
DEST="${HOME}/.local/bin"
CHECK_ONLY=0
[ "${1:-}" = "--check" ] && CHECK_ONLY=1

die() { echo "install.sh: $*" >&2; exit 1; }

arch=$(uname -m); os=$(uname -s)
case "$arch" in x86_64|amd64) arch=x86_64 ;; arm64|aarch64) arch=aarch64 ;; *) die "unsupported arch $arch" ;; esac
case "$os" in
  Linux)  os=linux;  triple="${arch}-unknown-linux-musl" ;;
  Darwin) os=darwin; triple="${arch}-apple-darwin" ;;
  *) die "unsupported OS $os" ;;
esac
eval "expected=\${SHA256_${arch}_${os}}"

for tool in curl tar minisign; do command -v "$tool" >/dev/null || die "$tool is required"; done
if command -v sha256sum >/dev/null; then sha() { sha256sum "$1" | cut -d' ' -f1; }
else sha() { shasum -a 256 "$1" | cut -d' ' -f1; }; fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
asset="watchexec-${VERSION}-${triple}.tar.xz"

curl --proto '=https' --tlsv1.2 -fsSL -o "$work/$asset" "$BASE/$asset"
curl --proto '=https' --tlsv1.2 -fsSL -o "$work/$asset.minisig" "$BASE/$asset.minisig"

actual=$(sha "$work/$asset")
[ "$actual" = "$expected" ] || die "SHA-256 mismatch for $asset: got $actual, pinned $expected"
minisign -Vm "$work/$asset" -x "$work/$asset.minisig" -P "$MINISIGN_PUBKEY" >/dev/null \
  || die "minisign signature did not verify"
echo "verified $asset (sha256 + minisign)"

[ "$CHECK_ONLY" -eq 1 ] && exit 0

tar -xJf "$work/$asset" -C "$work" "watchexec-${VERSION}-${triple}/watchexec"
mkdir -p "$DEST"
install -m 0755 "$work/watchexec-${VERSION}-${triple}/watchexec" "$DEST/watchexec.new"
mv -f "$DEST/watchexec.new" "$DEST/watchexec"
"$DEST/watchexec" --version
case ":$PATH:" in *":$DEST:"*) ;; *) echo "note: add $DEST to PATH" ;; esac
