#!/usr/bin/env bash
# install.sh [--check] - install pinned, verified shellcheck into ~/.local/bin
set -euo pipefail

VERSION="v0.10.0"
MIRROR="https://releases.toolmirror.example/shellcheck"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bindir="$HOME/.local/bin"

case "$(uname -s)" in Linux) os=linux ;; Darwin) os=darwin ;; *) echo "unsupported OS" >&2; exit 1 ;; esac
case "$(uname -m)" in x86_64|amd64) arch=x86_64 ;; arm64|aarch64) arch=aarch64 ;; *) echo "unsupported arch" >&2; exit 1 ;; esac
archive="shellcheck-${VERSION}.${os}.${arch}.tar.xz"

installed="$("$bindir/shellcheck" --version 2>/dev/null | awk '/^version:/{print "v"$2}' || true)"
if [[ "${1:-}" == "--check" ]]; then
  echo "installed: ${installed:-none}  pinned: $VERSION"; exit 0
fi
if [[ "$installed" == "$VERSION" ]]; then
  echo "shellcheck $VERSION already installed"; exit 0
fi

expected="$(awk -v f="$archive" '$2 == f {print $1}' "$here/checksums.txt")"
[[ -n "$expected" ]] || { echo "no pinned checksum for $archive" >&2; exit 1; }

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

curl --proto '=https' --tlsv1.2 -fsSL -o "$tmp/$archive" "$MIRROR/$VERSION/$archive"

if command -v sha256sum >/dev/null; then
  echo "$expected  $tmp/$archive" | sha256sum -c --quiet -
else
  echo "$expected  $tmp/$archive" | shasum -a 256 -c --quiet -
fi || { echo "CHECKSUM MISMATCH - aborting, nothing installed" >&2; exit 1; }

tar -xJf "$tmp/$archive" -C "$tmp" "shellcheck-${VERSION}/shellcheck"
mkdir -p "$bindir"
install -m 0755 "$tmp/shellcheck-${VERSION}/shellcheck" "$bindir/shellcheck"
echo "installed $("$bindir/shellcheck" --version | awk '/^version:/{print $2}') to $bindir/shellcheck"

case ":$PATH:" in
  *":$bindir:"*) ;;
  *) echo "note: $bindir is not on PATH; add: export PATH=\"\$HOME/.local/bin:\$PATH\"" ;;
esac
