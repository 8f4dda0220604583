#!/usr/bin/env bash
# Install a pinned protoc into ~/.local after explicit confirmation and checksum verification.
set -euo pipefail

VERSION=27.2
MIRROR="https://mirror.toolchains.example/protobuf/v${VERSION}"
here=$(cd "$(dirname "$0")" && pwd)

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64)  asset="protoc-${VERSION}-linux-x86_64.zip" ;;
  Linux-aarch64) asset="protoc-${VERSION}-linux-aarch_64.zip" ;;
  Darwin-*)      asset="protoc-${VERSION}-osx-universal_binary.zip" ;;
  *) echo "unsupported platform" >&2; exit 1 ;;
esac

dest="$HOME/.local/protoc-${VERSION}"
echo "This will download ${asset} from ${MIRROR}"
echo "and install it into ${dest} (link: ~/.local/bin/protoc)."
read -r -p "Proceed? [y/N] " answer
[[ "$answer" =~ ^[Yy]$ ]] || { echo "aborted"; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf -- "$tmp"' EXIT

curl -fsSL --proto '=https' "${MIRROR}/${asset}" -o "$tmp/$asset"

expected=$(awk -v a="$asset" '$2 == a {print $1}' "$here/checksums.txt")
[[ -n "$expected" ]] || { echo "no pinned checksum for $asset" >&2; exit 1; }
actual=$( (sha256sum "$tmp/$asset" 2>/dev/null || shasum -a 256 "$tmp/$asset") | awk '{print $1}')
if [[ "$actual" != "$expected" ]]; then
  echo "checksum mismatch for $asset: expected $expected got $actual" >&2
  exit 1
fi

mkdir -p "$dest" "$HOME/.local/bin"
unzip -q -o "$tmp/$asset" -d "$dest"
ln -sf "$dest/bin/protoc" "$HOME/.local/bin/protoc"
"$HOME/.local/bin/protoc" --version
case ":$PATH:" in
  *":$HOME/.local/bin:"*) ;;
  *) echo "Add to your shell rc:  export PATH=\"\$HOME/.local/bin:\$PATH\"" ;;
esac
