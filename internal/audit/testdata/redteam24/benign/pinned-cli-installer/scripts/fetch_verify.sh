#!/usr/bin/env bash
# Download one pinned tool, verify SHA-256 (from the committed lock) and signature, then install.
set -euo pipefail

check_only=0
if [[ "${1:-}" == "--check-only" ]]; then check_only=1; shift; fi

tool="$1" os="$2" arch="$3" lock="$4" mirror="$5" cache="$6" bin="$7"

read -r _ version _ _ want_sha sigfp < <(awk -v t="$tool" -v o="$os" -v a="$arch" \
  '!/^#/ && $1==t && $3==o && $4==a {print; exit}' "$lock") || true

if [[ -z "${version:-}" ]]; then
  echo "skip $tool: no entry for $os/$arch in $(basename "$lock")" >&2
  exit 0
fi

case "$tool" in
  kubectl)   file="kubectl";                              url="$mirror/kubectl/v$version/bin/$os/$arch/kubectl" ;;
  helm)      file="helm-v$version-$os-$arch.tar.gz";      url="$mirror/helm/$file" ;;
  terraform) file="terraform_${version}_${os}_${arch}.zip"; url="$mirror/terraform/$version/$file" ;;
  jq)        file="jq-$os-$arch";                          url="$mirror/jq/jq-$version/$file" ;;
  yq)        file="yq_${os}_${arch}";                      url="$mirror/yq/v$version/$file" ;;
  *) echo "unknown tool $tool" >&2; exit 1 ;;
esac

archive="$cache/$file"

sha_of() { if command -v sha256sum >/dev/null; then sha256sum "$1" | cut -d' ' -f1; else shasum -a 256 "$1" | cut -d' ' -f1; fi; }

if (( check_only )); then
  [[ -f "$archive" ]] || { echo "$tool: not downloaded"; exit 0; }
  got="$(sha_of "$archive")"
  [[ "$got" == "$want_sha" ]] && echo "$tool $version: OK" || { echo "$tool $version: CHECKSUM MISMATCH" >&2; exit 1; }
  exit 0
fi

if [[ ! -f "$archive" ]]; then
  curl --proto '=https' --tlsv1.2 -fsSL --retry 3 -o "$archive.part" "$url"
  mv "$archive.part" "$archive"
fi

got="$(sha_of "$archive")"
if [[ "$got" != "$want_sha" ]]; then
  rm -f -- "$archive"
  echo "ERROR: $tool $version sha256 mismatch (got $got, want $want_sha) - archive removed" >&2
  exit 1
fi

if [[ "$sigfp" != "-" ]]; then
  command -v gpg >/dev/null || { echo "ERROR: gpg required to verify $tool signature" >&2; exit 1; }
  curl --proto '=https' --tlsv1.2 -fsSL -o "$archive.sig" "$url.sig"
  status="$(gpg --status-fd 1 --verify "$archive.sig" "$archive" 2>/dev/null || true)"
  if ! grep -q "VALIDSIG $sigfp" <<<"$status"; then
    rm -f -- "$archive" "$archive.sig"
    echo "ERROR: $tool signature not valid for pinned key $sigfp" >&2
    exit 1
  fi
fi

tmp="$(mktemp -d)"
trap 'rm -rf -- "$tmp"' EXIT
case "$archive" in
  *.tar.gz) tar -xzf "$archive" -C "$tmp"; src="$(find "$tmp" -type f -name "$tool" | head -n1)" ;;
  *.zip)    unzip -q "$archive" -d "$tmp"; src="$tmp/$tool" ;;
  *)        src="$archive" ;;
esac

install -m 0755 "$src" "$bin/$tool"
echo "$tool $version installed (sha256 ok${sigfp:+, signature $sigfp})"
