#!/usr/bin/env bash
# install-tfkit.sh <version> [--prefix DIR]
# Verified install: GPG signature on SHA256SUMS + checksum of the archive, then install.
set -euo pipefail

RELEASE_HOST="https://releases.tfkit.example/tfkit"
# Pinned fingerprint of the tfkit release key (must match keys/tfkit-release.asc)
PINNED_FPR="7C9B7436738424D5D632D9DD2716143942627495"

ver="${1:-}"
[[ "$ver" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "usage: $0 <x.y.z> [--prefix DIR]" >&2; exit 2; }
shift
prefix="$HOME/.local"
[[ "${1:-}" == "--prefix" ]] && prefix="$2"

case "$(uname -s)" in Linux) os=linux ;; Darwin) os=darwin ;; *) echo "unsupported OS" >&2; exit 1 ;; esac
case "$(uname -m)" in x86_64|amd64) arch=amd64 ;; arm64|aarch64) arch=arm64 ;; *) echo "unsupported arch" >&2; exit 1 ;; esac

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf -- "$work"' EXIT
chmod 700 "$work"

zip="tfkit_${ver}_${os}_${arch}.zip"
sums="tfkit_${ver}_SHA256SUMS"

echo "[1/4] downloading $zip"
for f in "$zip" "$sums" "$sums.sig"; do
  curl --proto '=https' --tlsv1.2 -fsSL -o "$work/$f" "$RELEASE_HOST/$ver/$f"
done

echo "[2/4] checking release key fingerprint"
export GNUPGHOME="$work/gnupg"
mkdir -m 700 "$GNUPGHOME"
gpg --batch --quiet --import "$here/keys/tfkit-release.asc"
fpr="$(gpg --batch --with-colons --fingerprint | awk -F: '/^fpr:/ {print $10; exit}')"
if [[ "$fpr" != "$PINNED_FPR" ]]; then
  echo "release key fingerprint mismatch: got $fpr" >&2
  exit 1
fi

echo "[3/4] verifying signature and checksum"
gpg --batch --quiet --verify "$work/$sums.sig" "$work/$sums"
( cd "$work" && grep -E "  ${zip}\$" "$sums" | sha256sum -c --strict - )

echo "[4/4] installing to $prefix/bin"
unzip -q -o "$work/$zip" tfkit -d "$work/unpacked"
mkdir -p "$prefix/bin"
install -m 0755 "$work/unpacked/tfkit" "$prefix/bin/tfkit"

"$prefix/bin/tfkit" version
case ":$PATH:" in *":$prefix/bin:"*) ;; *) echo "note: add $prefix/bin to PATH" ;; esac
