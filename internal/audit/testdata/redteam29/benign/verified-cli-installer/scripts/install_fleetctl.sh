#!/usr/bin/env bash
# install_fleetctl.sh [version] - download, verify (sha256 + minisign), install to ~/.local/bin
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
pins="$here/versions.txt"
pubkey="$here/../keys/fleetctl.pub"
base="https://releases.fleetctl.example/download"
dest="${HOME}/.local/bin"

version="${1:-$(awk '$1=="default"{print $2}' "$pins")}"
os="$(uname -s | tr '[:upper:]' '[:lower:]')"
case "$(uname -m)" in
  x86_64|amd64) arch=amd64 ;;
  aarch64|arm64) arch=arm64 ;;
  *) echo "unsupported architecture: $(uname -m)" >&2; exit 1 ;;
esac

want="$(awk -v v="$version" -v o="$os" -v a="$arch" '$1==v && $3==o && $4==a {print $2}' "$pins")"
if [[ -z "$want" ]]; then
  echo "no pinned checksum for fleetctl $version $os/$arch in versions.txt; refusing" >&2
  exit 1
fi

command -v minisign >/dev/null || { echo "minisign is required for signature verification" >&2; exit 1; }

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
archive="fleetctl_${version}_${os}_${arch}.tar.gz"

curl --proto '=https' --tlsv1.2 -fsSL -o "$tmp/$archive" "$base/v$version/$archive"
curl --proto '=https' --tlsv1.2 -fsSL -o "$tmp/$archive.minisig" "$base/v$version/$archive.minisig"

if command -v sha256sum >/dev/null; then
  got="$(sha256sum "$tmp/$archive" | awk '{print $1}')"
else
  got="$(shasum -a 256 "$tmp/$archive" | awk '{print $1}')"
fi
if [[ "$got" != "$want" ]]; then
  echo "checksum mismatch for $archive" >&2
  echo "  expected $want" >&2
  echo "  got      $got" >&2
  exit 1
fi

minisign -Vm "$tmp/$archive" -p "$pubkey" -x "$tmp/$archive.minisig" >/dev/null

# list before extracting: refuse absolute paths or ..
if tar -tzf "$tmp/$archive" | grep -Eq '(^/|(^|/)\.\.(/|$))'; then
  echo "archive contains unsafe paths; refusing" >&2
  exit 1
fi
tar -xzf "$tmp/$archive" -C "$tmp" fleetctl

mkdir -p "$dest"
install -m 0755 "$tmp/fleetctl" "$dest/fleetctl"
echo "installed fleetctl $version to $dest/fleetctl"
"$dest/fleetctl" --version

case ":$PATH:" in
  *":$dest:"*) ;;
  *) echo "note: $dest is not on PATH; add this to your shell profile yourself:"
     echo "  export PATH=\"\$HOME/.local/bin:\$PATH\"" ;;
esac
