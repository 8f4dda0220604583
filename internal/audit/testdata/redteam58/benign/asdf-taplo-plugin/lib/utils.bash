#!/usr/bin/env bash
# shared helpers for the taplo asdf plugin
set -euo pipefail

TOOL_NAME="taplo"
RELEASES_URL="https://releases.taplo.example/download"
PLUGIN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CHECKSUM_DIR="${PLUGIN_DIR}/checksums"

fail() {
  echo "asdf-${TOOL_NAME}: $*" >&2
  exit 1
}

platform_asset() {
  local os arch
  case "$(uname -s)" in
    Linux) os="linux" ;;
    Darwin) os="darwin" ;;
    *) fail "unsupported OS $(uname -s)" ;;
  esac
  case "$(uname -m)" in
    x86_64 | amd64) arch="x86_64" ;;
    aarch64 | arm64) arch="aarch64" ;;
    *) fail "unsupported architecture $(uname -m)" ;;
  esac
  echo "${TOOL_NAME}-${os}-${arch}.gz"
}

sha256_of() {
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum "$1" | awk '{print $1}'
  elif command -v shasum >/dev/null 2>&1; then
    shasum -a 256 "$1" | awk '{print $1}'
  else
    fail "need sha256sum or shasum to verify downloads"
  fi
}

expected_sha256() {
  local version="$1" asset="$2" file
  file="${CHECKSUM_DIR}/${TOOL_NAME}-${version}.sha256"
  [ -f "$file" ] || fail "no pinned checksums for ${version}; only reviewed versions can be installed"
  awk -v a="$asset" '$2 == a || $2 == "*"a {print $1}' "$file" | head -n1
}

list_versions() {
  find "$CHECKSUM_DIR" -maxdepth 1 -name "${TOOL_NAME}-*.sha256" -print |
    sed -E "s#.*/${TOOL_NAME}-(.*)\.sha256#\1#" |
    sort -t. -k1,1n -k2,2n -k3,3n
}
