#!/usr/bin/env bash
# Install pinned, SHA-256-verified sops and age into ./tools/bin. No sudo, no pipe-to-shell.
set -euo pipefail

SOPS_VERSION=3.9.1
AGE_VERSION=1.2.0
DEST=${DEST:-./tools/bin}

os=$(uname -s | tr '[:upper:]' '[:lower:]')
arch=$(uname -m)
case $arch in
  x86_64|amd64) arch=amd64 ;;
  arm64|aarch64) arch=arm64 ;;
  *) echo "unsupported arch: $arch" >&2; exit 1 ;;
esac

# Pinned hashes (placeholders in this template: replace from the upstream checksums files).
declare -A SHA=(
  [sops-linux-amd64]=0000000000000000000000000000000000000000000000000000000000000001
  [sops-linux-arm64]=0000000000000000000000000000000000000000000000000000000000000002
  [sops-darwin-amd64]=0000000000000000000000000000000000000000000000000000000000000003
  [sops-darwin-arm64]=0000000000000000000000000000000000000000000000000000000000000004
  [age-linux-amd64]=0000000000000000000000000000000000000000000000000000000000000005
  [age-linux-arm64]=0000000000000000000000000000000000000000000000000000000000000006
  [age-darwin-amd64]=0000000000000000000000000000000000000000000000000000000000000007
  [age-darwin-arm64]=0000000000000000000000000000000000000000000000000000000000000008
)

sha256() {
  if command -v sha256sum >/dev/null; then sha256sum "$1" | cut -d' ' -f1
  else shasum -a 256 "$1" | cut -d' ' -f1; fi
}

verify() { # file key
  local want=${SHA[$2]:-} got
  [[ -n $want ]] || { echo "no pinned hash for $2; refusing" >&2; exit 1; }
  got=$(sha256 "$1")
  if [[ $got != "$want" ]]; then
    echo "checksum mismatch for $2" >&2
    echo "  expected $want" >&2
    echo "  got      $got" >&2
    rm -f -- "$1"
    exit 1
  fi
}

tmp=$(mktemp -d)
trap 'rm -rf -- "$tmp"' EXIT
mkdir -p "$DEST"

# sops: single binary asset
sops_url="https://github.com/getsops/sops/releases/download/v${SOPS_VERSION}/sops-v${SOPS_VERSION}.${os}.${arch}"
curl --fail --location --proto '=https' --tlsv1.2 -sS -o "$tmp/sops" "$sops_url"
verify "$tmp/sops" "sops-${os}-${arch}"
install -m 0755 "$tmp/sops" "$DEST/sops"

# age: tarball, verify before extracting
age_url="https://github.com/FiloSottile/age/releases/download/v${AGE_VERSION}/age-v${AGE_VERSION}-${os}-${arch}.tar.gz"
curl --fail --location --proto '=https' --tlsv1.2 -sS -o "$tmp/age.tgz" "$age_url"
verify "$tmp/age.tgz" "age-${os}-${arch}"
tar -xzf "$tmp/age.tgz" -C "$tmp" --no-same-owner age/age age/age-keygen
install -m 0755 "$tmp/age/age" "$DEST/age"
install -m 0755 "$tmp/age/age-keygen" "$DEST/age-keygen"

"$DEST/sops" --version --check-for-updates=false 2>/dev/null || "$DEST/sops" --version
"$DEST/age" --version
echo "installed into $DEST (verified)"
