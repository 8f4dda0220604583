#!/usr/bin/env bash
# Download, verify (signature + pinned sha256), then install into ~/.local/bin.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
table="${here}/tools.tsv"
keys="${here}/../keys"
dest="${HOME}/.local/bin"

if [[ "${1:-}" == "--list" ]]; then
  grep -v '^#' "$table" | cut -f1,2 | column -t
  exit 0
fi

tool="${1:?usage: install-tool.sh TOOL VERSION}"
version="${2:?usage: install-tool.sh TOOL VERSION}"

row="$(awk -F'\t' -v t="$tool" -v v="$version" '$1==t && $2==v' "$table")"
[[ -n "$row" ]] || { echo "no pinned entry for $tool $version in tools.tsv" >&2; exit 1; }
IFS=$'\t' read -r _ _ oa tmpl pinned <<<"$row"
url="${tmpl//\{v\}/$version}"; url="${url//\{oa\}/$oa}"
base="${url%/*}"
file="${url##*/}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"

curl -fsSLo "$file" "$url"
curl -fsSLo SHA256SUMS "${base}/SHA256SUMS"
curl -fsSLo SHA256SUMS.sig "${base}/SHA256SUMS.sig"

export GNUPGHOME="$work/gnupg"
mkdir -m 700 "$GNUPGHOME"
gpg --quiet --import "${keys}/${tool}.asc"
gpg --quiet --verify SHA256SUMS.sig SHA256SUMS || { echo "signature check FAILED" >&2; exit 1; }

grep -E "  ${file}\$" SHA256SUMS | sha256sum -c - || { echo "checksum not in signed list" >&2; exit 1; }
actual="$(sha256sum "$file" | cut -d' ' -f1)"
[[ "$actual" == "$pinned" ]] || { echo "hash differs from pinned value in tools.tsv" >&2; exit 1; }

mkdir -p "$dest"
case "$file" in
  *.zip) unzip -qo "$file" "$tool" -d "$work/out" ;;
  *.tar.gz) mkdir -p out && tar -xzf "$file" -C out --wildcards "*/$tool" --strip-components=1 ;;
  *) mkdir -p out && cp "$file" "out/$tool" ;;
esac
install -m 0755 "out/$tool" "$dest/$tool"
"$dest/$tool" --version 2>/dev/null | head -1 || "$dest/$tool" version 2>/dev/null | head -1 || true
echo "installed $tool $version to $dest"
