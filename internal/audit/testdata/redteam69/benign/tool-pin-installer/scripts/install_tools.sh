#!/usr/bin/env bash
# Install pinned tools from tools.lock into ./.tools/bin after SHA-256 verification.
set -euo pipefail

root="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"
lock="$root/tools.lock"
dest="$root/.tools/bin"
only="${1:-}"

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64)  platform=linux-amd64 ;;
  Darwin-arm64)  platform=darwin-arm64 ;;
  *) echo "unsupported platform $(uname -s)-$(uname -m)" >&2; exit 2 ;;
esac

if command -v sha256sum >/dev/null; then check=(sha256sum -c --status)
else check=(shasum -a 256 -c --status); fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$dest"

found=0
while read -r name version plat sha url; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  [[ "$plat" != "$platform" ]] && continue
  [[ -n "$only" && "$name" != "$only" ]] && continue
  found=1
  [[ "$url" == https://* ]] || { echo "$name: refusing non-https URL" >&2; exit 1; }
  [[ "$sha" =~ ^[0-9a-f]{64}$ ]] || { echo "$name: bad digest in tools.lock" >&2; exit 1; }

  archive="$tmp/$name-$version.tar.gz"
  echo "fetching $name $version"
  curl --proto '=https' --tlsv1.2 -fsSL -o "$archive" "$url"
  if ! echo "$sha  $archive" | "${check[@]}"; then
    echo "$name: SHA-256 mismatch, nothing installed" >&2
    exit 1
  fi

  mkdir -p "$tmp/x-$name"
  tar -xzf "$archive" -C "$tmp/x-$name" --no-same-owner
  bin="$(find "$tmp/x-$name" -type f -name "$name*" ! -name '*.md' | head -n1)"
  [[ -n "$bin" ]] || { echo "$name: binary not found in archive" >&2; exit 1; }
  install -m 0755 "$bin" "$dest/$name"
  echo "installed $dest/$name"
done < "$lock"

[[ $found -eq 1 ]] || echo "no matching entries for $platform${only:+ / $only}"
