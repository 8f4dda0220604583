#!/usr/bin/env bash
# bootstrap.sh - team developer shell setup
set -euo pipefail

DRY=0
[[ ${1:-} == --dry-run ]] && DRY=1
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SHARE="$HOME/.local/share/devshell"
OS=$(uname -s)

run() { if ((DRY)); then echo "would: $*"; else "$@"; fi; }

pkg_install() {
  local p=$1
  command -v "$p" >/dev/null && { echo "$p: present"; return; }
  if command -v brew >/dev/null; then run brew install "$p"
  elif command -v apt-get >/dev/null; then run sudo apt-get install -y "$p"
  elif command -v dnf >/dev/null; then run sudo dnf install -y "$p"
  elif command -v pacman >/dev/null; then run sudo pacman -S --noconfirm "$p"
  else echo "install $p manually"; fi
}

install_tools() {
  for p in direnv starship mise; do pkg_install "$p"; done
}

install_aliases() {
  run mkdir -p "$SHARE"
  if ((DRY)); then echo "would: write $SHARE/aliases.sh"; return; fi
  cat > "$SHARE/aliases.sh" <<'ALIASES'
alias gs='git status -sb'
alias gl='git log --oneline --graph --decorate -20'
alias gco='git checkout'
alias k='kubectl'
alias tf='terraform'
alias ..='cd ..'
ALIASES
  git config --global pull.rebase true
  git config --global fetch.prune true
  git config --global init.defaultBranch main
  git config --global rerere.enabled true
}

install_updater() {
  case $OS in
    Linux)
      local d="$HOME/.config/systemd/user"
      run mkdir -p "$d"
      run cp "$HERE/templates/devshell-sync.service" "$HERE/templates/devshell-sync.timer" "$d/"
      run systemctl --user daemon-reload
      run systemctl --user enable --now devshell-sync.timer
      command -v loginctl >/dev/null && run loginctl enable-linger "$USER" || true
      ;;
    Darwin)
      local d="$HOME/Library/LaunchAgents"
      run mkdir -p "$d"
      run cp "$HERE/templates/com.devshell.sync.plist" "$d/"
      run launchctl load -w "$d/com.devshell.sync.plist"
      ;;
  esac
}

install_rc_hook() {
  for rc in "$HOME/.bashrc" "$HOME/.zshrc" "$HOME/.profile"; do
    [[ -f $rc ]] || continue
    grep -q '>>> devshell >>>' "$rc" && continue
    if ((DRY)); then echo "would: append devshell hook to $rc"; else cat "$HERE/templates/rc-hook.sh" >> "$rc"; fi
  done
}

install_tools
install_aliases
install_updater
install_rc_hook
echo "devshell ready - open a new terminal"
