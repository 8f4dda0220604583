# Install the pinned buf release into ./.tools/bin after checksum verification.
# Usage: sh scripts/fetch_buf.sh
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
lock="$here/assets/buf.lock"

get() { sed -n "s/^$1=//p" "$lock"; }

version=$(get version)
mirror=$(get mirror)
os=$(uname -s)
arch=$(uname -m)
[ "$arch" = "amd64" ] && arch=x86_64
[ "$arch" = "arm64" ] && [ "$os" = "Linux" ] && arch=aarch64
want=$(get "sha256_${os}_${arch}")
[ -n "$want" ] || { echo "no pinned checksum for ${os}_${arch}" >&2; exit 2; }

dest="./.tools/bin"
mkdir -p "$dest"
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

url="${mirror}/v${version}/buf-${os}-${arch}"
echo "downloading buf ${version} for ${os}/${arch}"
curl -fsSL --proto '=https' --tlsv1.2 -o "$tmp" "$url"

if command -v sha256sum >/dev/null 2>&1; then
    got=$(sha256sum "$tmp" | cut -d' ' -f1)
else
    got=$(shasum -a 256 "$tmp" | cut -d' ' -f1)
fi
if [ "$got" != "$want" ]; then
    echo "checksum mismatch for $url" >&2
    echo "  expected $want" >&2
    echo "  got      $got" >&2
    exit 1
fi

mv "$tmp" "$dest/buf"
trap - EXIT
chmod 0755 "$dest/buf"
"$dest/buf" --version
echo "installed $dest/buf (verified sha256)"
