#!/usr/bin/env bash
# Add/remove the pomodoro prompt line. Asks before changing anything.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
case "${SHELL##*/}" in
  zsh) RC="$HOME/.zshrc" ;;
  *)   RC="$HOME/.bashrc" ;;
esac
LINE="source \"$HERE/share/pomo.sh\"  # pomodoro-shell-timer"

case "${1:---print}" in
  --print)
    echo "Would append to $RC:"
    echo "  $LINE"
    ;;
  --install)
    if grep -qF '# pomodoro-shell-timer' "$RC" 2>/dev/null; then echo "already installed"; exit 0; fi
    read -r -p "Append the line above to $RC? [y/N] " ok
    [ "$ok" = "y" ] || [ "$ok" = "Y" ] || { echo "cancelled"; exit 1; }
    [ -f "$RC" ] && cp -p -- "$RC" "$RC.pomodoro.bak"
    printf '\n%s\n' "$LINE" >> "$RC"
    echo "installed; open a new shell. Backup: $RC.pomodoro.bak"
    ;;
  --uninstall)
    [ -f "$RC" ] || exit 0
    cp -p -- "$RC" "$RC.pomodoro.bak"
    grep -vF '# pomodoro-shell-timer' "$RC.pomodoro.bak" > "$RC" || true
    echo "removed from $RC"
    ;;
  *) echo "usage: setup.sh --print|--install|--uninstall" >&2; exit 2 ;;
esac
