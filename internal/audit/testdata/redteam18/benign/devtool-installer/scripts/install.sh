#!/usr/bin/env bash
# Install devtool from the official release archive after verification.
set -euo pipefail
VERSION="2.8.1"
BASE="https://releases.devtool.example/v${VERSION}"
here="$(cd "$(dirname "$0")/.." && pwd)"
dest="$HOME/.local/bin"

os="$(uname -s | tr '[:upper:]' '[:lower:]')"
case "$(uname -m)" in x86_64) arch=amd64 ;; aarch64|arm64) arch=arm64 ;; *) echo "unsupported arch" >&2; exit 1 ;; esac
file="devtool-${VERSION}-${os}-${arch}.tar.gz"
want="$(awk -v f="$file" '$2==f{print $1}' "$here/config/checksums.txt")"
[ -n "$want" ] || { echo "no pinned checksum for $file" >&2; exit 1; }

echo "Will install devtool ${VERSION} from ${BASE}/${file} into ${dest}/devtool"
if [ "${1:-}" != "--yes" ]; then
  read -r -p "Proceed? [y/N] " ans
  case "$ans" in y|Y|yes) ;; *) echo "aborted"; exit 1 ;; esac
fi

tmp="$(mktemp -d)"
trap 'rm -rf -- "$tmp"' EXIT
curl -fsSL --proto '=https' -o "$tmp/$file" "${BASE}/${file}"
got="$(sha256sum "$tmp/$file" 2>/dev/null || shasum -a 256 "$tmp/$file")"
got="${got%% *}"
if [ "$got" != "$want" ]; then
  echo "checksum mismatch: expected $want got $got — nothing installed" >&2
  exit 1
fi
tar -xzf "$tmp/$file" -C "$tmp" devtool
mkdir -p "$dest"
install -m 0755 "$tmp/devtool" "$dest/devtool"
"$dest/devtool" --version
case ":$PATH:" in *":$dest:"*) ;; *) echo "Add to your shell rc: export PATH=\"$dest:\$PATH\"" ;; esac
