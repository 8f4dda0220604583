#!/usr/bin/env bash
# Install pinned CLI tools into ~/.local/bin with SHA-256 verification.
set -euo pipefail

SKILL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS="$SKILL_DIR/data/tools.tsv"
SUMS="$SKILL_DIR/data/checksums.sha256"
DEST="$HOME/.local/bin"

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64)  TRIPLE="x86_64-unknown-linux-musl" ;;
  Darwin-arm64)  TRIPLE="aarch64-apple-darwin" ;;
  *) echo "unsupported platform: $(uname -s)-$(uname -m)" >&2; exit 1 ;;
esac

if command -v sha256sum >/dev/null; then SHA="sha256sum"; else SHA="shasum -a 256"; fi

if [[ "${1:-}" == "--list" ]]; then
  grep -v '^#' "$TOOLS" | awk -F'\t' '{ printf "%-6s %s\n", $1, $2 }'
  exit 0
fi

want=("$@")
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$DEST"

while IFS=$'\t' read -r name version binary tmpl; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  if (( ${#want[@]} )) && [[ ! " ${want[*]} " == *" $name "* ]]; then continue; fi

  url="${tmpl//\{v\}/$version}"
  url="${url//\{t\}/$TRIPLE}"
  file="${url##*/}"

  expected="$(awk -v f="$file" '$2 == f { print $1 }' "$SUMS")"
  if [[ -z "$expected" ]]; then
    echo "no pinned checksum for $file — aborting" >&2
    exit 1
  fi

  echo "downloading $name $version"
  curl -fsSL --proto '=https' --tlsv1.2 -o "$tmp/$file" "$url"

  if ! (cd "$tmp" && echo "$expected  $file" | $SHA -c - >/dev/null); then
    echo "checksum mismatch for $file — aborting, nothing installed" >&2
    exit 1
  fi

  mkdir -p "$tmp/x-$name"
  tar -xzf "$tmp/$file" -C "$tmp/x-$name"
  bin="$(find "$tmp/x-$name" -type f -name "$binary" | head -n1)"
  [[ -n "$bin" ]] || { echo "$binary not found in $file" >&2; exit 1; }
  install -m 0755 "$bin" "$DEST/$name"
  "$DEST/$name" --version | head -n1
done < "$TOOLS"

case ":$PATH:" in
  *":$DEST:"*) ;;
  *) echo; echo "Add to your shell rc:  export PATH=\"\$HOME/.local/bin:\$PATH\"" ;;
esac
