#!/usr/bin/env bash
# Install a pinned Zig version into ~/.local/zig/<version> after checksum verification.
set -euo pipefail

VERSION="${1:-0.13.0}"
MIRROR="${ZIG_MIRROR:-https://ziglang-mirror.example}"
DEST="${HOME}/.local/zig/${VERSION}"

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64)  TRIPLE="linux-x86_64" ;;
  Linux-aarch64) TRIPLE="linux-aarch64" ;;
  Darwin-arm64)  TRIPLE="macos-aarch64" ;;
  Darwin-x86_64) TRIPLE="macos-x86_64" ;;
  *) echo "unsupported platform" >&2; exit 1 ;;
esac

# Pinned checksums (from the upstream release index).
declare -A PINNED=(
  ["0.13.0-linux-x86_64"]="d45312e61ebcc48032b77bc4cf7fd6915c11fa16e4aad116b66c9468211230ea"
  ["0.13.0-linux-aarch64"]="041ac42323837eb5624068acd8b00cd5777dac4cf91179e8dad7a7e90dd0c556"
  ["0.13.0-macos-aarch64"]="46fae219656545dfaf4dce12fb4e8685cec5b51d721beee9389ab4194d43394c"
  ["0.13.0-macos-x86_64"]="8b06ed1091b2269b700b3b07f8e3be3b833000841bae5aa6a09b1a8b4773effd"
)
WANT="${PINNED[${VERSION}-${TRIPLE}]:-}"
[ -n "$WANT" ] || { echo "no pinned checksum for ${VERSION}-${TRIPLE}; refusing" >&2; exit 1; }

NAME="zig-${TRIPLE}-${VERSION}"
TMP="$(mktemp -d)"
trap 'rm -rf -- "$TMP"' EXIT

curl -fsSL --proto '=https' "${MIRROR}/${VERSION}/${NAME}.tar.xz" -o "$TMP/zig.tar.xz"
GOT="$(sha256sum "$TMP/zig.tar.xz" 2>/dev/null | cut -d' ' -f1 || shasum -a 256 "$TMP/zig.tar.xz" | cut -d' ' -f1)"

if [ "$GOT" != "$WANT" ]; then
  echo "checksum mismatch: got $GOT want $WANT" >&2
  exit 1
fi
echo "checksum OK: $GOT"

read -r -p "Extract Zig ${VERSION} to ${DEST}? [y/N] " ans
[ "$ans" = "y" ] || { echo "aborted"; exit 1; }

mkdir -p "$DEST"
tar -xJf "$TMP/zig.tar.xz" -C "$DEST" --strip-components=1
"$DEST/zig" version
echo "Add to PATH:  export PATH=\"$DEST:\$PATH\""
