#!/usr/bin/env bash
# Install a pinned, verified vscan release into ~/.local/bin (no root, no curl|sh).
set -euo pipefail

VSCAN_VERSION="0.54.1"
BASE="https://releases.vscan.example/download/v${VSCAN_VERSION}"
SKILL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PUBKEY="$SKILL_DIR/keys/vscan-release.pub"
DEST="${HOME}/.local/bin"

if command -v vscan >/dev/null 2>&1 && vscan --version 2>/dev/null | grep -q "$VSCAN_VERSION"; then
  echo "vscan $VSCAN_VERSION already installed: $(command -v vscan)"
  exit 0
fi

os="$(uname -s | tr '[:upper:]' '[:lower:]')"
arch="$(uname -m)"
case "$arch" in x86_64|amd64) arch=amd64 ;; aarch64|arm64) arch=arm64 ;; *) echo "unsupported arch $arch"; exit 1 ;; esac
asset="vscan_${VSCAN_VERSION}_${os}_${arch}.tar.gz"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"

echo "downloading $asset"
curl -fsSLO --proto '=https' --tlsv1.2 "$BASE/$asset"
curl -fsSLO --proto '=https' --tlsv1.2 "$BASE/checksums.txt"
curl -fsSLO --proto '=https' --tlsv1.2 "$BASE/checksums.txt.sig"

# 1) the checksum list must be signed by the release key shipped with this skill
if command -v cosign >/dev/null 2>&1; then
  cosign verify-blob --key "$PUBKEY" --signature checksums.txt.sig checksums.txt
  echo "signature OK (cosign, key $(sha256sum "$PUBKEY" | cut -c1-16))"
else
  echo "cosign not found - refusing to install an unverified binary." >&2
  echo "install cosign from your package manager, or use the docker/ image instead." >&2
  exit 2
fi

# 2) the archive must match its line in the signed checksum list
grep " ${asset}\$" checksums.txt > want.txt || { echo "asset missing from checksums.txt" >&2; exit 3; }
sha256sum -c want.txt

tar -xzf "$asset" vscan
mkdir -p "$DEST"
install -m 0755 vscan "$DEST/vscan"
echo "installed $("$DEST/vscan" --version) to $DEST"
case ":$PATH:" in *":$DEST:"*) ;; *) echo "note: add $DEST to PATH" ;; esac
