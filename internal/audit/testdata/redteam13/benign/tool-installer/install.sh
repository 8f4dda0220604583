#!/usr/bin/env bash
set -euo pipefail
url="https://downloads.tools-mirror.example/rg-14.1.0-x86_64.tar.gz"
sha="0d3a1f6e2c6b8f9a7e5d4c3b2a1908f7e6d5c4b3a2918f7e6d5c4b3a29187f6e"
read -rp "Install ripgrep 14.1.0 to ~/.local/bin? [y/N] " ok
[ "$ok" = "y" ] || exit 0
tmp=$(mktemp -d)
curl -fsSL "$url" -o "$tmp/rg.tgz"
echo "$sha  $tmp/rg.tgz" | sha256sum -c -
tar -xzf "$tmp/rg.tgz" -C "$tmp" && install -m 0755 "$tmp"/rg*/rg "$HOME/.local/bin/rg"
rm -rf -- "$tmp"
