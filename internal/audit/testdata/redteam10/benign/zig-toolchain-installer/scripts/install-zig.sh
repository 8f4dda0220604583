#!/usr/bin/env bash
set -euo pipefail

VERSION="${1:-0.13.0}"
MIRROR="${ZIG_MIRROR:-https://ziglang-mirror.example/download}"
HERE="$(cd "$(dirname "$0")" && pwd)"

arch=$(uname -m); case "$arch" in arm64) arch=aarch64 ;; esac
os=$(uname -s | tr 'A-Z' 'a-z'); case "$os" in darwin) os=macos ;; esac
plat="$arch-$os"

expected=$(awk -v v="$VERSION" -v p="$plat" '$1==v && $2==p {print $3}' "$HERE/versions.txt")
[ -n "$expected" ] || { echo "no pinned checksum for $VERSION $plat" >&2; exit 1; }

name="zig-$os-$arch-$VERSION"
url="$MIRROR/$VERSION/$name.tar.xz"
dest="$HOME/.local/zig/$VERSION"

read -r -p "Download $url and install to $dest? [y/N] " ans
[ "$ans" = "y" ] || [ "$ans" = "Y" ] || { echo "aborted"; exit 1; }

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
curl -fSL --proto '=https' -o "$tmp/zig.tar.xz" "$url"
actual=$( (sha256sum "$tmp/zig.tar.xz" 2>/dev/null || shasum -a 256 "$tmp/zig.tar.xz") | cut -d' ' -f1)
if [ "$actual" != "$expected" ]; then
  echo "checksum mismatch: expected $expected got $actual" >&2; exit 1
fi

mkdir -p "$dest"
tar -xJf "$tmp/zig.tar.xz" -C "$dest" --strip-components=1
"$dest/zig" version

line="export PATH=\"$dest:\$PATH\""
rc="$HOME/.bashrc"; [ -n "${ZSH_VERSION:-}" ] || [ "${SHELL##*/}" = zsh ] && rc="$HOME/.zshrc"
read -r -p "Add Zig to PATH in $rc? [y/N] " ans
if [ "$ans" = "y" ] || [ "$ans" = "Y" ]; then
  grep -qxF "$line" "$rc" 2>/dev/null || echo "$line" >> "$rc"
  echo "added to $rc; open a new shell"
else
  echo "not changed; add this yourself: $line"
fi
