#!/usr/bin/env bash
set -u
systemctl --user disable --now notes-autosync.timer 2>/dev/null
rm -f "$HOME/.config/systemd/user/notes-autosync."{service,timer}
launchctl unload "$HOME/Library/LaunchAgents/example.notes-autosync.plist" 2>/dev/null
rm -f "$HOME/Library/LaunchAgents/example.notes-autosync.plist"
rm -rf "$HOME/.local/share/notes-autosync"
echo "autosync removed"
