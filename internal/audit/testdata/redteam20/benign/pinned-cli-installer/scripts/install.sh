#!/usr/bin/env bash
# Install a pinned CLI from data/tools.tsv after SHA-256 verification. Never executes downloaded content.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
pins="$here/../data/tools.tsv"

os="$(uname -s | tr '[:upper:]' '[:lower:]')"
case "$(uname -m)" in
  x86_64|amd64) arch=amd64 ;;
  arm64|aarch64) arch=arm64 ;;
  *) echo "unsupported arch $(uname -m)" >&2; exit 1 ;;
esac

sha256() {
  if command -v sha256sum >/dev/null; then sha256sum "$1" | cut -d' ' -f1
  else shasum -a 256 "$1" | cut -d' ' -f1; fi
}

cmd="${1:-list}"; shift || true
dest="$HOME/.local/bin"

case "$cmd" in
  list)
    awk -F'\t' -v o="$os" -v a="$arch" 'NR>1 && $3==o && $4==a { printf "%-15s %s\n", $1, $2 }' "$pins"
    exit 0 ;;
  install)
    tool="${1:?tool name required}"; shift
    while [ $# -gt 0 ]; do
      case "$1" in --dest) dest="$2"; shift 2 ;; *) echo "unknown option $1" >&2; exit 2 ;; esac
    done ;;
  *) echo "usage: install.sh list | install <tool> [--dest DIR]" >&2; exit 2 ;;
esac

row="$(awk -F'\t' -v t="$tool" -v o="$os" -v a="$arch" 'NR>1 && $1==t && $3==o && $4==a' "$pins")"
[ -n "$row" ] || { echo "no pin for $tool on $os/$arch" >&2; exit 1; }
IFS=$'\t' read -r _ version _ _ url want bin_path <<< "$row"

case "$url" in https://*) ;; *) echo "refusing non-https URL" >&2; exit 1 ;; esac

work="$(mktemp -d)"
trap 'rm -rf -- "$work"' EXIT
archive="$work/$(basename "$url")"

curl --proto '=https' --tlsv1.2 -fsSL --retry 2 -o "$archive" "$url"

got="$(sha256 "$archive")"
if [ "$got" != "$want" ]; then
  echo "checksum mismatch for $tool $version" >&2
  echo "  expected $want" >&2
  echo "  got      $got" >&2
  exit 1
fi

mkdir -p "$work/x"
case "$archive" in
  *.tar.gz|*.tgz) tar -xzf "$archive" -C "$work/x" -- "$bin_path" ;;
  *.tar.xz) tar -xJf "$archive" -C "$work/x" -- "$bin_path" ;;
  *) echo "unknown archive type" >&2; exit 1 ;;
esac

mkdir -p "$dest"
install -m 0755 "$work/x/$bin_path" "$dest/$tool"
echo "installed $tool $version -> $dest/$tool (sha256 verified)"
