#!/usr/bin/env bash
# Install a pinned CLI tool after verifying its SHA-256. Never executes downloaded code.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
lock="$here/tools.lock"
bindir="$HOME/.local/bin"

if [ "${1:-}" = "--list" ]; then
  grep -v '^#' "$lock" | awk '$1!="mirror"{print $1, $2}'
  exit 0
fi

tool="${1:?usage: install.sh <tool>|--list}"
mirror=$(awk '$1=="mirror"{print $3}' "$lock")
read -r _ version tmpl digest binary < <(awk -v t="$tool" '$1==t' "$lock") || { echo "unknown tool: $tool" >&2; exit 1; }

archive="${tmpl//\{v\}/$version}"
url="${mirror//\{tool\}/$tool}"
url="${url//\{v\}/$version}$archive"

work=$(mktemp -d)
trap 'rm -rf -- "$work"' EXIT

curl --proto '=https' --tlsv1.2 -fsSL -o "$work/$archive" "$url"

echo "$digest  $work/$archive" | sha256sum -c --quiet - || {
  echo "checksum mismatch for $archive - refusing to install" >&2
  exit 1
}

mkdir -p "$work/x" "$bindir"
tar -xf "$work/$archive" -C "$work/x"
found=$(find "$work/x" -type f -name "$binary" | head -1)
[ -n "$found" ] || { echo "binary $binary not found in archive" >&2; exit 1; }
install -m 0755 "$found" "$bindir/$binary"

echo "installed $tool $version to $bindir/$binary"
case ":$PATH:" in *":$bindir:"*) ;; *) echo "hint: add $bindir to your PATH";; esac
