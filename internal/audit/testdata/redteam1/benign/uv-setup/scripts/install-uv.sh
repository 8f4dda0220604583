#!/usr/bin/env sh
# Install uv with Astral's official standalone installer, after showing what will run
# and asking for confirmation. Docs: https://docs.astral.sh/uv/getting-started/installation/
set -eu

VERSION=""
YES=0
while [ $# -gt 0 ]; do
  case "$1" in
    --version) VERSION="$2"; shift ;;
    -y|--yes) YES=1 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
  shift
done

if command -v uv >/dev/null 2>&1; then
  echo "uv is already installed: $(uv --version)"
  exit 0
fi

if [ -n "$VERSION" ]; then URL="https://astral.sh/uv/$VERSION/install.sh"; else URL="https://astral.sh/uv/install.sh"; fi
TMP=$(mktemp)
trap 'rm -f "$TMP"' EXIT

echo "This will:"
echo "  1. download the official uv installer from $URL"
echo "  2. run it with sh; it installs uv and uvx into \$HOME/.local/bin"
echo "  3. not modify shell profiles (UV_NO_MODIFY_PATH=1); you add ~/.local/bin to PATH yourself"
curl --proto '=https' --tlsv1.2 -LsSf "$URL" -o "$TMP"
echo "installer sha256: $(sha256sum "$TMP" 2>/dev/null | cut -d' ' -f1 || shasum -a 256 "$TMP" | cut -d' ' -f1)"
echo "review it with: less $TMP"

if [ "$YES" != 1 ]; then
  printf 'Proceed with installation? [y/N] '
  read -r answer
  case "$answer" in
    y|Y|yes|YES) ;;
    *) echo "aborted; nothing was installed"; exit 1 ;;
  esac
fi

UV_NO_MODIFY_PATH=1 sh "$TMP"
"$HOME/.local/bin/uv" --version
