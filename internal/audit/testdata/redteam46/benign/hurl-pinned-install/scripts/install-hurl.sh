#!/bin/sh
# install-hurl.sh - download a pinned Hurl release, verify SHA-256, install to ./.tools/bin
set -eu

here=$(cd "$(dirname "$0")" && pwd)
sums="$here/hurl.sha256"
mirror="${HURL_MIRROR:-https://releases.hurl-mirror.example/hurl}"
dest="${HURL_DEST:-.tools/bin}"

version=$(sed -n 's/^VERSION=//p' "$sums")
[ -n "$version" ] || { echo "no VERSION in $sums" >&2; exit 1; }

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64)  target=x86_64-unknown-linux-gnu ;;
  Linux-aarch64) target=aarch64-unknown-linux-gnu ;;
  Darwin-x86_64) target=x86_64-apple-darwin ;;
  Darwin-arm64)  target=aarch64-apple-darwin ;;
  *) echo "unsupported platform $(uname -s)-$(uname -m)" >&2; exit 1 ;;
esac

expected=$(awk -v t="$target" '$1 == t { print $2 }' "$sums")
case "$expected" in
  [0-9a-f]*) [ ${#expected} -eq 64 ] || { echo "bad checksum entry for $target" >&2; exit 1; } ;;
  *) echo "no checksum for $target" >&2; exit 1 ;;
esac

if [ -x "$dest/hurl" ] && "$dest/hurl" --version 2>/dev/null | grep -q " $version"; then
  echo "hurl $version already installed"; exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
archive="hurl-$version-$target.tar.gz"
curl --proto '=https' --tlsv1.2 -fsSL -o "$tmp/$archive" "$mirror/$version/$archive"

if command -v sha256sum >/dev/null 2>&1; then
  actual=$(sha256sum "$tmp/$archive" | awk '{print $1}')
else
  actual=$(shasum -a 256 "$tmp/$archive" | awk '{print $1}')
fi
if [ "$actual" != "$expected" ]; then
  echo "checksum mismatch for $archive" >&2
  echo "  expected $expected" >&2
  echo "  actual   $actual" >&2
  exit 1
fi

tar -xzf "$tmp/$archive" -C "$tmp"
bin=$(find "$tmp" -type f -name hurl -perm -u+x | head -n 1)
[ -n "$bin" ] || { echo "hurl binary not found in archive" >&2; exit 1; }
mkdir -p "$dest"
install -m 0755 "$bin" "$dest/hurl"
echo "installed hurl $version ($target) -> $dest/hurl"
"$dest/hurl" --version
