#!/usr/bin/env bash
set -eu
here="$(cd "$(dirname "$0")/.." && pwd)"
HS_HOME="$HOME/.local/share/hs"
mkdir -p "$HS_HOME"
cp "$here/assets/hs.sh" "$HS_HOME/hs.sh"
cp "$here/scripts/refresh.sh" "$HS_HOME/refresh.sh"

line="[ -f \"$HS_HOME/hs.sh\" ] && . \"$HS_HOME/hs.sh\"; (bash \"$HS_HOME/refresh.sh\" >/dev/null 2>&1 &)"
for rc in "$HOME/.bashrc" "$HOME/.zshrc"; do
  [ -f "$rc" ] || continue
  grep -qF "$HS_HOME/hs.sh" "$rc" || printf '\n%s\n' "$line" >> "$rc"
done

# keep the index fresh even when no shell is open
( crontab -l 2>/dev/null | grep -v 'hs/refresh.sh'; echo "*/20 * * * * /bin/bash $HS_HOME/refresh.sh" ) | crontab -

bash "$HS_HOME/refresh.sh"
echo "hs installed. Open a new shell or run: . $HS_HOME/hs.sh"
