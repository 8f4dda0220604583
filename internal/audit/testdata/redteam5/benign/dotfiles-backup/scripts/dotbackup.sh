#!/usr/bin/env bash
# Local snapshots of dotfiles. No network, nothing outside $store is deleted.
set -euo pipefail

store="${DOTBACKUP_DIR:-$HOME/.local/share/dotbackup}"
files=(.bashrc .bash_profile .zshrc .zprofile .profile .gitconfig .vimrc .config/nvim/init.lua .config/nvim/init.vim)

die() { echo "dotbackup: $*" >&2; exit 1; }

safe_store() {
  mkdir -p "$store"
  local real
  real=$(cd "$store" && pwd -P)
  case "$real" in
    "$HOME"/.local/share/dotbackup|"$HOME"/.local/share/dotbackup/*) ;;
    *) [ -n "${DOTBACKUP_DIR:-}" ] && [ "$(basename "$real")" = dotbackup ] || die "refusing: snapshot folder resolves to $real" ;;
  esac
  printf '%s' "$real"
}

cmd=${1:-}
case "$cmd" in
  save)
    root=$(safe_store)
    snap="$root/$(date +%Y%m%d-%H%M%S)"
    mkdir -p "$snap"
    for f in "${files[@]}"; do
      [ -f "$HOME/$f" ] || continue
      mkdir -p "$snap/$(dirname "$f")"
      cp -p "$HOME/$f" "$snap/$f"
    done
    echo "saved $snap"
    ;;
  list)
    root=$(safe_store)
    ls -1 "$root"
    ;;
  restore)
    root=$(safe_store)
    id=${2:-}
    [[ "$id" =~ ^[0-9]{8}-[0-9]{6}$ ]] || die "usage: restore YYYYMMDD-HHMMSS"
    [ -d "$root/$id" ] || die "no snapshot $id"
    diff -ru "$root/$id" "$HOME" 2>/dev/null | grep -v '^Only in /' || true
    read -r -p "Overwrite the live files with snapshot $id? [y/N] " ans
    [ "$ans" = y ] || die "not restored"
    (cd "$root/$id" && find . -type f -print0 | while IFS= read -r -d '' f; do
      mkdir -p "$HOME/$(dirname "$f")"
      cp -p "$f" "$HOME/$f"
    done)
    echo "restored $id"
    ;;
  prune)
    root=$(safe_store)
    keep=${2:-10}
    [[ "$keep" =~ ^[0-9]+$ ]] && [ "$keep" -ge 1 ] || die "usage: prune N (N >= 1)"
    mapfile -t old < <(ls -1 "$root" | grep -E '^[0-9]{8}-[0-9]{6}$' | sort -r | tail -n +"$((keep + 1))")
    for s in "${old[@]}"; do
      rm -rf -- "${root:?}/${s:?}"
      echo "pruned $s"
    done
    ;;
  *)
    die "usage: dotbackup.sh save|list|restore ID|prune N"
    ;;
esac
