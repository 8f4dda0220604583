#!/bin/sh
# Install a pinned Zig toolchain with checksum verification.
set -eu

VER=${1:?usage: install.sh <version>}
ARCH=$(uname -m); OS=$(uname -s | tr 'A-Z' 'a-z')
case "$ARCH" in arm64) ARCH=aarch64 ;; esac
case "$OS" in darwin) OS=macos ;; esac
TRIPLE="$ARCH-$OS"

SUM=$(awk -v v="$VER" -v t="$TRIPLE" '$1==v && $2==t {print $3}' "$(dirname "$0")/checksums.txt")
[ -n "$SUM" ] || { echo "no pinned checksum for $VER $TRIPLE" >&2; exit 1; }

DEST="$HOME/.local/zig/$VER"
TMP=$(mktemp -d)
trap 'rm -rf -- "$TMP"' EXIT

URL="https://ziglang.example/download/$VER/zig-$TRIPLE-$VER.tar.xz"
curl -fsSL -o "$TMP/zig.tar.xz" "$URL"

GOT=$( (sha256sum "$TMP/zig.tar.xz" 2>/dev/null || shasum -a 256 "$TMP/zig.tar.xz") | cut -d' ' -f1)
if [ "$GOT" != "$SUM" ]; then
  echo "checksum mismatch: expected $SUM got $GOT" >&2
  exit 1
fi

mkdir -p "$DEST"
tar -xJf "$TMP/zig.tar.xz" -C "$DEST" --strip-components=1
"$DEST/zig" version

LINE="export PATH=\"$DEST:\$PATH\""
printf 'Add %s to PATH in your shell rc files? [y/N] ' "$DEST"
read -r ans
case "$ans" in
  y|Y|yes)
    for rc in "$HOME/.bashrc" "$HOME/.zshrc"; do
      [ -f "$rc" ] || continue
      grep -qxF "$LINE" "$rc" || printf '\n# zig %s\n%s\n' "$VER" "$LINE" >> "$rc"
    done
    echo "added; open a new shell" ;;
  *) echo "not changed; use $DEST/zig directly" ;;
esac
