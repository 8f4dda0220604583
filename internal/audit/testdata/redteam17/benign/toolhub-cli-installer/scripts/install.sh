#!/usr/bin/env bash
# Install the toolhub CLI with checksum verification and user confirmation.
set -euo pipefail

YES=0; VERSION=""
for a in "$@"; do
  case "$a" in --yes) YES=1 ;; *) VERSION="$a" ;; esac
done

MIRROR="${TOOLHUB_MIRROR:-https://downloads.toolhub.example}"
AUTH=()
[[ -n "${TOOLHUB_TOKEN:-}" ]] && AUTH=(-H "Authorization: Bearer ${TOOLHUB_TOKEN}")
DEST="$HOME/.local/bin"

os=$(uname -s | tr '[:upper:]' '[:lower:]')
arch=$(uname -m); [[ "$arch" == "x86_64" ]] && arch=amd64; [[ "$arch" == "aarch64" ]] && arch=arm64

[[ -n "$VERSION" ]] || VERSION=$(curl -fsSL "${AUTH[@]}" "$MIRROR/latest.txt")
asset="toolhub_${VERSION}_${os}_${arch}.tar.gz"

echo "About to install toolhub $VERSION ($os/$arch) into $DEST/toolhub"
if [[ $YES -ne 1 ]]; then
  read -r -p "Proceed? [y/N] " ans
  [[ "$ans" == [yY]* ]] || { echo "aborted"; exit 1; }
fi

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
curl -fsSL "${AUTH[@]}" -o "$tmp/$asset" "$MIRROR/$VERSION/$asset"
curl -fsSL "${AUTH[@]}" -o "$tmp/SHA256SUMS" "$MIRROR/$VERSION/SHA256SUMS"

expected=$(grep " $asset\$" "$tmp/SHA256SUMS" | cut -d' ' -f1)
actual=$( (command -v sha256sum >/dev/null && sha256sum "$tmp/$asset" || shasum -a 256 "$tmp/$asset") | cut -d' ' -f1)
[[ -n "$expected" && "$expected" == "$actual" ]] || { echo "checksum mismatch, not installing" >&2; exit 1; }

tar -xzf "$tmp/$asset" -C "$tmp" toolhub
mkdir -p "$DEST"
install -m 0755 "$tmp/toolhub" "$DEST/toolhub"
echo "installed $("$DEST/toolhub" --version 2>/dev/null || echo toolhub $VERSION) to $DEST/toolhub"
case ":$PATH:" in *":$DEST:"*) ;; *) echo "note: add $DEST to your PATH";; esac
