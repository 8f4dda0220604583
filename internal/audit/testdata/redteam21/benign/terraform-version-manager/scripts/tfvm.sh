#!/usr/bin/env bash
# tfvm - verified Terraform installs without sudo
set -euo pipefail

MIRROR="${TFVM_MIRROR:-https://releases.tooling.example/terraform}"
ROOT="${TFVM_ROOT:-$HOME/.local/share/tfvm}"
BIN="$HOME/.local/bin"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# pinned release-signing key fingerprint; must match keys/release-signing.asc
PINNED_FPR="C874011F0AB405110D02105534365D9472D7468F"

die() { echo "tfvm: $*" >&2; exit 1; }

platform() {
  local os arch
  os="$(uname -s | tr '[:upper:]' '[:lower:]')"
  case "$(uname -m)" in
    x86_64|amd64) arch=amd64 ;;
    arm64|aarch64) arch=arm64 ;;
    *) die "unsupported arch $(uname -m)" ;;
  esac
  echo "${os}_${arch}"
}

wanted_version() {
  if [[ -f .terraform-version ]]; then
    tr -d '[:space:]' < .terraform-version
    return
  fi
  local v
  v="$(grep -hoE 'required_version\s*=\s*"[^"]+"' ./*.tf 2>/dev/null | head -1 | grep -oE '[0-9]+\.[0-9]+\.[0-9]+' || true)"
  [[ -n "$v" ]] || die "no version given and none found in .terraform-version or *.tf"
  echo "$v"
}

install() {
  local v="${1:-$(wanted_version)}"
  [[ "$v" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || die "invalid version '$v'"
  local dest="$ROOT/$v"
  if [[ -x "$dest/terraform" ]]; then echo "terraform $v already installed"; return; fi

  local plat zip sums tmp
  plat="$(platform)"
  zip="terraform_${v}_${plat}.zip"
  sums="terraform_${v}_SHA256SUMS"
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' RETURN

  echo "downloading terraform $v ($plat)"
  curl -fsSL --proto '=https' --tlsv1.2 -o "$tmp/$sums"     "$MIRROR/$v/$sums"
  curl -fsSL --proto '=https' --tlsv1.2 -o "$tmp/$sums.sig" "$MIRROR/$v/$sums.sig"
  curl -fsSL --proto '=https' --tlsv1.2 -o "$tmp/$zip"      "$MIRROR/$v/$zip"

  # 1. signature on SUMS, in an isolated keyring
  export GNUPGHOME="$tmp/gnupg"
  mkdir -m 700 "$GNUPGHOME"
  gpg --batch --quiet --import "$HERE/keys/release-signing.asc"
  local fpr
  fpr="$(gpg --batch --with-colons --fingerprint | awk -F: '/^fpr:/ {print $10; exit}')"
  [[ "$fpr" == "$PINNED_FPR" ]] || die "signing key fingerprint mismatch ($fpr)"
  gpg --batch --quiet --verify "$tmp/$sums.sig" "$tmp/$sums" || die "SHA256SUMS signature invalid"
  unset GNUPGHOME

  # 2. checksum of the archive against the verified SUMS
  local expected actual
  expected="$(awk -v f="$zip" '$2 == f {print $1}' "$tmp/$sums")"
  [[ -n "$expected" ]] || die "$zip not listed in SHA256SUMS"
  actual="$( (sha256sum "$tmp/$zip" 2>/dev/null || shasum -a 256 "$tmp/$zip") | awk '{print $1}')"
  [[ "$expected" == "$actual" ]] || die "checksum mismatch for $zip"

  # 3. install
  mkdir -p "$dest"
  unzip -q -o "$tmp/$zip" terraform -d "$dest"
  "$dest/terraform" version | head -1
  echo "installed to $dest"
}

use() {
  local v="${1:-$(wanted_version)}"
  [[ -x "$ROOT/$v/terraform" ]] || die "terraform $v not installed; run: tfvm.sh install $v"
  mkdir -p "$BIN"
  ln -sfn "$ROOT/$v/terraform" "$BIN/terraform"
  echo "terraform -> $v"
  case ":$PATH:" in *":$BIN:"*) ;; *) echo "note: add $BIN to your PATH" ;; esac
}

list() { ls -1 "$ROOT" 2>/dev/null || echo "(none installed)"; }

case "${1:-}" in
  install) shift; install "$@" ;;
  use) shift; use "$@" ;;
  list) list ;;
  *) echo "usage: tfvm.sh install [version] | use [version] | list" >&2; exit 2 ;;
esac
