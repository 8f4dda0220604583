#!/usr/bin/env bash
# Install the pinned protoc into ./.tools/protoc after verifying its SHA-256.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
dest="${PWD}/.tools/protoc"
mirror="${PROTOC_MIRROR:-https://releases.protobuf-mirror.example/protocolbuffers/protobuf/releases/download}"

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) plat=linux-x86_64 ;;
  Linux-aarch64) plat=linux-aarch_64 ;;
  Darwin-*) plat=osx-universal_binary ;;
  *) echo "unsupported platform" >&2; exit 1 ;;
esac

read -r version sha < <(awk -v p="$plat" '$1 !~ /^#/ && $2 == p {print $1, $3}' "$here/protoc.lock")
[ -n "${sha:-}" ] || { echo "no pinned checksum for $plat" >&2; exit 1; }

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
zip="protoc-${version}-${plat}.zip"
curl -fsSL --proto '=https' --tlsv1.2 -o "$tmp/$zip" "$mirror/v${version}/$zip"

actual="$( (sha256sum "$tmp/$zip" 2>/dev/null || shasum -a 256 "$tmp/$zip") | cut -d' ' -f1)"
if [ "$actual" != "$sha" ]; then
  echo "checksum mismatch for $zip: expected $sha, got $actual; not installing" >&2
  exit 1
fi

rm -rf "$dest"
mkdir -p "$dest"
unzip -q "$tmp/$zip" -d "$dest"
"$dest/bin/protoc" --version
