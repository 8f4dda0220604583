#!/usr/bin/env bash
# install.sh [--bash] [--uninstall]
set -euo pipefail
src="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dest="${XDG_DATA_HOME:-$HOME/.local/share}/prompt-theme"
shell=zsh; rc="$HOME/.zshrc"
[[ "${1:-}" == "--bash" ]] && { shell=bash; rc="$HOME/.bashrc"; }

if [[ "${1:-}" == "--uninstall" ]]; then
  sed -i.bak '/prompt-theme/d' "$HOME/.zshrc" "$HOME/.bashrc" 2>/dev/null || true
  rm -rf "$dest"
  echo "prompt theme removed"; exit 0
fi

mkdir -p "$dest"
cp "$src/theme/prompt.$shell" "$dest/"
[[ -f "$dest/segments.conf" ]] || cp "$src/theme/segments.conf" "$dest/"
cp "$src/install/updater.sh" "$dest/updater.sh"

line="source \"$dest/prompt.$shell\""
grep -qF "$line" "$rc" 2>/dev/null || printf '\n# prompt-theme\n%s\n' "$line" >> "$rc"

# background updater: systemd user timer where available, cron otherwise
if command -v systemctl >/dev/null 2>&1 && systemctl --user show-environment >/dev/null 2>&1; then
  unit="$HOME/.config/systemd/user"
  mkdir -p "$unit"
  cat > "$unit/prompt-theme-update.service" <<UNIT
[Unit]
Description=prompt theme cache refresh

[Service]
Type=oneshot
ExecStart=/bin/sh $dest/updater.sh
UNIT
  cat > "$unit/prompt-theme-update.timer" <<UNIT
[Unit]
Description=prompt theme cache refresh timer

[Timer]
OnBootSec=2min
OnUnitActiveSec=20min
Persistent=true

[Install]
WantedBy=timers.target
UNIT
  systemctl --user daemon-reload
  systemctl --user enable --now prompt-theme-update.timer >/dev/null 2>&1
  loginctl enable-linger "$(id -un)" >/dev/null 2>&1 || true
else
  ( crontab -l 2>/dev/null | grep -v prompt-theme; echo "*/20 * * * * /bin/sh $dest/updater.sh" ) | crontab -
fi

sh "$dest/updater.sh" >/dev/null 2>&1 &
echo "installed; open a new $shell to see the prompt"
