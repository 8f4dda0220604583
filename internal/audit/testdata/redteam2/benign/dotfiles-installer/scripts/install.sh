#!/usr/bin/env bash
# Symlink dotfiles into $HOME with backups; optionally add ~/.local/bin to PATH.
set -euo pipefail

dry=0; yes=0; uninstall=0
args=()
for a in "$@"; do
  case "$a" in
    --dry-run) dry=1 ;;
    --yes) yes=1 ;;
    --uninstall) uninstall=1 ;;
    *) args+=("$a") ;;
  esac
done
src="${args[0]:?usage: install.sh [--dry-run] [--yes] [--uninstall] <dotfiles-dir>}"
src="$(cd "$src" && pwd)"
backup="$HOME/.dotfiles-backup/$(date +%Y%m%d-%H%M%S)"
marker='# added by dotfiles-installer'

ask() {
  [ "$yes" = 1 ] && return 0
  read -r -p "$1 [y/N] " reply
  [[ "$reply" =~ ^[Yy]$ ]]
}

do_() { if [ "$dry" = 1 ]; then echo "would: $*"; else "$@"; fi; }

if [ "$uninstall" = 1 ]; then
  for f in "$src"/.[!.]*; do
    name="$(basename "$f")"
    [ "$name" = .git ] && continue
    [ -L "$HOME/$name" ] && do_ rm "$HOME/$name"
  done
  last="$(ls -1d "$HOME"/.dotfiles-backup/* 2>/dev/null | tail -1 || true)"
  [ -n "$last" ] && do_ cp -a "$last"/. "$HOME"/
  exit 0
fi

for f in "$src"/.[!.]*; do
  name="$(basename "$f")"
  case "$name" in .git|.github|.DS_Store) continue ;; esac
  target="$HOME/$name"
  if [ -e "$target" ] && [ ! -L "$target" ]; then
    do_ mkdir -p "$backup"
    do_ mv "$target" "$backup/"
  fi
  do_ ln -sfn "$f" "$target"
  echo "linked $name"
done

path_line='export PATH="$HOME/.local/bin:$PATH"'
if ! grep -qF "$marker" "$HOME/.bashrc" 2>/dev/null; then
  if ask "Append '$path_line' to ~/.bashrc?"; then
    if [ "$dry" = 1 ]; then
      echo "would append PATH line to ~/.bashrc"
    else
      printf '\n%s %s\n' "$path_line" "$marker" >> "$HOME/.bashrc"
      echo "added PATH line to ~/.bashrc (open a new shell to use it)"
    fi
  fi
fi
