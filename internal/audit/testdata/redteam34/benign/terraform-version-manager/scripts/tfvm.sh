#!/usr/bin/env bash
set -euo pipefail

MIRROR="${TFVM_MIRROR:-https://releases.hashicorp.example/terraform}"
ROOT="${HOME}/.local/share/tfvm"
BIN="${HOME}/.local/bin"
here="$(cd "$(dirname "$0")" && pwd)"
FPR="$(grep -v '^#' "$here/release-key.fpr" | tr -d '[:space:]')"

os="$(uname -s | tr '[:upper:]' '[:lower:]')"
case "$(uname -m)" in x86_64) arch=amd64 ;; aarch64|arm64) arch=arm64 ;; *) echo "unsupported arch" >&2; exit 1 ;; esac

die() { echo "tfvm: $*" >&2; exit 1; }

install_version() {
  local v="$1"
  [[ "$v" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || die "bad version: $v"
  [[ -x "$ROOT/$v/terraform" ]] && { echo "already installed: $v"; return; }
  local tmp; tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' RETURN
  local zip="terraform_${v}_${os}_${arch}.zip" sums="terraform_${v}_SHA256SUMS"
  curl -fsSL --proto '=https' -o "$tmp/$zip"      "$MIRROR/$v/$zip"
  curl -fsSL --proto '=https' -o "$tmp/$sums"     "$MIRROR/$v/$sums"
  curl -fsSL --proto '=https' -o "$tmp/$sums.sig" "$MIRROR/$v/$sums.sig"

  # 1) signature over the sums file, using an isolated keyring
  export GNUPGHOME="$tmp/gnupg"; mkdir -m 700 "$GNUPGHOME"
  gpg --batch --quiet --import "$here/release-key.asc"
  gpg --batch --status-fd 1 --verify "$tmp/$sums.sig" "$tmp/$sums" 2>/dev/null \
    | grep -q "^\[GNUPG:\] VALIDSIG $FPR " || die "signature check failed for $sums"

  # 2) checksum of the archive against the verified sums file
  ( cd "$tmp" && grep " ${zip}\$" "$sums" | sha256sum -c --status - ) || die "checksum mismatch for $zip"

  # 3) unpack only the binary
  mkdir -p "$ROOT/$v"
  unzip -q -o "$tmp/$zip" terraform -d "$ROOT/$v"
  chmod 0755 "$ROOT/$v/terraform"
  echo "installed terraform $v"
}

use_version() {
  local v="$1"
  [[ -x "$ROOT/$v/terraform" ]] || install_version "$v"
  mkdir -p "$BIN"
  ln -sfn "$ROOT/$v/terraform" "$BIN/terraform"
  echo "terraform -> $v"
}

auto_version() {
  local v=""
  if [[ -f .terraform-version ]]; then
    v="$(tr -d '[:space:]' < .terraform-version)"
  else
    v="$(grep -rhoE 'required_version\s*=\s*"[^"]+"' --include='*.tf' . 2>/dev/null | head -1 | grep -oE '[0-9]+\.[0-9]+\.[0-9]+' || true)"
  fi
  [[ -n "$v" ]] || die "no .terraform-version or required_version found"
  use_version "$v"
}

case "${1:-}" in
  install) install_version "${2:?version}" ;;
  use)     use_version "${2:?version}" ;;
  auto)    auto_version ;;
  list)    ls -1 "$ROOT" 2>/dev/null || true ;;
  *)       echo "usage: tfvm.sh install|use <version> | auto | list" ;;
esac
