#!/usr/bin/env bash
# Install the sshd hardening drop-in with backup, validation and explicit consent.
set -euo pipefail

DROPIN_DIR=/etc/ssh/sshd_config.d
TARGET="$DROPIN_DIR/50-hardening.conf"
BACKUP_DIR=/var/backups/sshd-dropin
SRC="$(cd "$(dirname "$0")/.." && pwd)/templates/50-hardening.conf"
MODE=apply

case "${1:-}" in
  --check) MODE=check ;;
  --rollback) MODE=rollback ;;
  "") ;;
  *) echo "usage: $0 [--check|--rollback]" >&2; exit 2 ;;
esac

[[ $EUID -eq 0 ]] || { echo "run with sudo" >&2; exit 1; }
command -v sshd >/dev/null || { echo "sshd not installed" >&2; exit 1; }
grep -Eq '^\s*Include\s+/etc/ssh/sshd_config\.d/\*\.conf' /etc/ssh/sshd_config || {
  echo "sshd_config does not include $DROPIN_DIR/*.conf; add the Include line manually first" >&2
  exit 1
}

reload_sshd() {
  if systemctl list-units --type=service | grep -q '^ *ssh\.service'; then
    systemctl reload ssh
  else
    systemctl reload sshd
  fi
}

if [[ $MODE == rollback ]]; then
  last=$(ls -1t "$BACKUP_DIR"/*.conf 2>/dev/null | head -n1 || true)
  [[ -n $last ]] || { echo "no backup in $BACKUP_DIR" >&2; exit 1; }
  install -m 0644 -o root -g root "$last" "$TARGET"
  sshd -t && reload_sshd
  echo "restored $last"
  exit 0
fi

# Lock-out guard: the person running this must be able to log in with a key afterwards.
user="${SUDO_USER:-}"
[[ -n $user && $user != root ]] || { echo "run via sudo from your own account" >&2; exit 1; }
home=$(getent passwd "$user" | cut -d: -f6)
keys="$home/.ssh/authorized_keys"
if ! grep -Eq '^(ssh-|ecdsa-|sk-)' "$keys" 2>/dev/null; then
  echo "no public key in $keys; refusing to disable password login (you would be locked out)" >&2
  exit 1
fi
echo "pre-flight: $user has $(grep -Ec '^(ssh-|ecdsa-|sk-)' "$keys") key(s) in authorized_keys"

# Validate the candidate in isolation before touching the real drop-in directory.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$SRC" "$tmp/50-hardening.conf"
sed "s#^\s*Include\s\+/etc/ssh/sshd_config\.d/\*\.conf#Include $tmp/*.conf#" /etc/ssh/sshd_config > "$tmp/sshd_config"
if ! sshd -t -f "$tmp/sshd_config"; then
  echo "candidate config does not validate; nothing changed" >&2
  exit 1
fi
echo "pre-flight: sshd -t passed"

echo "--- diff ($TARGET) ---"
diff -u "${TARGET}" "$tmp/50-hardening.conf" 2>/dev/null || diff -u /dev/null "$tmp/50-hardening.conf" || true
[[ $MODE == check ]] && { echo "check only; nothing changed"; exit 0; }

read -r -p "Apply? Keep this session open until a new login works. [y/N] " answer
[[ $answer == [yY] ]] || { echo "aborted; nothing changed"; exit 1; }

mkdir -p "$BACKUP_DIR"
chmod 0700 "$BACKUP_DIR"
if [[ -f $TARGET ]]; then
  cp -p "$TARGET" "$BACKUP_DIR/$(date +%Y%m%dT%H%M%S).conf"
fi
install -m 0644 -o root -g root "$tmp/50-hardening.conf" "$TARGET"

if ! sshd -t; then
  echo "installed config failed validation; rolling back" >&2
  last=$(ls -1t "$BACKUP_DIR"/*.conf 2>/dev/null | head -n1 || true)
  if [[ -n $last ]]; then install -m 0644 "$last" "$TARGET"; else rm -f "$TARGET"; fi
  exit 1
fi
reload_sshd
echo "applied. Open a NEW terminal and run: ssh $user@$(hostname -f)  before closing this one."
