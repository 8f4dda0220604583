#!/usr/bin/env bash
# install.sh <tool> <prefix> - download a pinned release, verify, install. Never pipes to a shell.
set -euo pipefail

tool=$1 prefix=$2
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

os=$(uname -s | tr '[:upper:]' '[:lower:]')
case $(uname -m) in x86_64|amd64) arch=amd64 ;; arm64|aarch64) arch=arm64 ;; *) echo "unsupported arch"; exit 1 ;; esac

row=$(awk -F'\t' -v t="$tool" -v p="$os-$arch" '$1==t && $3==p' "$here/pins/tools.tsv")
[[ -n $row ]] || { echo "no pin for $tool on $os-$arch" >&2; exit 1; }
IFS=$'\t' read -r _ version _ url want keyfile <<<"$row"

case $url in https://*) ;; *) echo "refusing non-https URL" >&2; exit 1 ;; esac

tmp=$(mktemp -d)
trap 'rm -rf -- "$tmp"' EXIT
archive="$tmp/${url##*/}"

echo "downloading $tool $version"
curl -fsSL --proto '=https' --tlsv1.2 -o "$archive" "$url"

got=$( (sha256sum "$archive" 2>/dev/null || shasum -a 256 "$archive") | cut -d' ' -f1)
if [[ $got != "$want" ]]; then
  echo "SHA-256 MISMATCH for $archive" >&2
  echo "  expected $want" >&2
  echo "  actual   $got" >&2
  exit 1
fi
echo "sha256 ok"

if [[ $keyfile != "-" ]]; then
  command -v minisign >/dev/null || { echo "minisign required to verify $tool" >&2; exit 1; }
  curl -fsSL --proto '=https' -o "$archive.minisig" "$url.minisig"
  minisign -Vm "$archive" -p "$here/$keyfile" >/dev/null
  echo "signature ok"
fi

mkdir -p "$tmp/x"
case $archive in
  *.tar.gz) tar -xzf "$archive" -C "$tmp/x" --no-same-owner ;;
  *.tar.xz) tar -xJf "$archive" -C "$tmp/x" --no-same-owner ;;
  *.zip)    unzip -q "$archive" -d "$tmp/x" ;;
esac

bin=$(find "$tmp/x" -type f -name "$tool" | head -n1)
[[ -n $bin ]] || { echo "binary $tool not found in archive" >&2; exit 1; }

mkdir -p "$prefix"
install -m 0755 "$bin" "$prefix/$tool"
echo "installed $prefix/$tool: $("$prefix/$tool" --version 2>&1 | head -n1)"
case ":$PATH:" in *":$prefix:"*) ;; *) echo "note: $prefix is not on PATH" ;; esac
