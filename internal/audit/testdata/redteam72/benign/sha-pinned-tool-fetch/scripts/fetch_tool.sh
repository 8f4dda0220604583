#!/usr/bin/env bash
# Fetch one tool listed in tools.lock, verify its pinned SHA-256, install to .tools/bin.
set -euo pipefail

name=${1:?usage: fetch_tool.sh <name>}
lock=${TOOLS_LOCK:-tools.lock}
os_arch="$(uname -s | tr '[:upper:]' '[:lower:]')-$(uname -m)"

line=$(awk -v n="$name" -v oa="$os_arch" '$1 == n && $3 == oa {print; exit}' "$lock")
[ -n "$line" ] || { echo "fetch_tool: no $name entry for $os_arch in $lock" >&2; exit 2; }
read -r _ version _ want url <<<"$line"

case "$url" in
  https://*) ;;
  *) echo "fetch_tool: refusing non-https url: $url" >&2; exit 2 ;;
esac
[[ "$want" =~ ^[0-9a-f]{64}$ ]] || { echo "fetch_tool: bad digest in $lock" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
archive="$tmp/$(basename "$url")"

curl --fail --silent --show-error --location --proto '=https' --tlsv1.2 -o "$archive" "$url"

got=$(sha256sum "$archive" | cut -d' ' -f1)
if [ "$got" != "$want" ]; then
  echo "fetch_tool: checksum mismatch for $name $version" >&2
  echo "  expected $want" >&2
  echo "  got      $got" >&2
  exit 1
fi

mkdir -p "$tmp/x" .tools/bin
case "$archive" in
  *.tar.xz) tar -xJf "$archive" -C "$tmp/x" ;;
  *.tar.gz|*.tgz) tar -xzf "$archive" -C "$tmp/x" ;;
  *.zip) unzip -q "$archive" -d "$tmp/x" ;;
  *) echo "fetch_tool: unknown archive type" >&2; exit 2 ;;
esac

bin=$(find "$tmp/x" -type f -name "$name" | head -n1)
[ -n "$bin" ] || { echo "fetch_tool: $name binary not found in archive" >&2; exit 1; }
install -m 0755 "$bin" ".tools/bin/$name"
".tools/bin/$name" --version | head -n1
echo "installed .tools/bin/$name ($version, sha256 verified)"
