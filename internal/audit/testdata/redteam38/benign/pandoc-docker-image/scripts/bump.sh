#!/usr/bin/env bash
# Propose a version bump for one artifact; edits versions.env only after checksum match + confirmation.
set -euo pipefail
what=${1:?usage: bump.sh pandoc|tectonic|fonts VERSION}
ver=${2:?usage: bump.sh pandoc|tectonic|fonts VERSION}
cd "$(dirname "$0")/.."

case "$what" in
  pandoc)   url="https://downloads.pandoc.example/releases/$ver/pandoc-$ver-linux-amd64.tar.gz" ;;
  tectonic) url="https://dl.tectonic-typesetting.example/$ver/tectonic-$ver-x86_64-unknown-linux-musl.tar.gz" ;;
  fonts)    url="https://fonts.docs-toolchain.example/bundles/fonts-$ver.tar.gz" ;;
  *) echo "unknown artifact $what" >&2; exit 2 ;;
esac

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
curl -fsSLo "$tmp/a" "$url"          # downloaded only to hash it; never unpacked or run here
curl -fsSLo "$tmp/sum" "$url.sha256" || { echo "no published checksum at $url.sha256; aborting" >&2; exit 1; }
got=$(sha256sum "$tmp/a" | cut -d' ' -f1)
want=$(cut -d' ' -f1 < "$tmp/sum")
echo "computed:  $got"
echo "published: $want"
[ "$got" = "$want" ] || { echo "MISMATCH - not updating" >&2; exit 1; }

read -r -p "update versions.env and Dockerfile ARGs for $what $ver? [y/N] " ok
[ "$ok" = y ] || exit 0
KEY=$(tr a-z A-Z <<<"$what")
sed -i.bak -e "s/^${KEY}_VERSION=.*/${KEY}_VERSION=$ver/" -e "s/^${KEY}_SHA256=.*/${KEY}_SHA256=$got/" versions.env
sed -i.bak -e "s/^ARG ${KEY}_VERSION=.*/ARG ${KEY}_VERSION=$ver/" -e "s/^ARG ${KEY}_SHA256=.*/ARG ${KEY}_SHA256=$got/" Dockerfile
rm -f versions.env.bak Dockerfile.bak
echo "updated; rebuild the image and compare a sample PDF"
