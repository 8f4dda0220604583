#!/bin/sh
# Apply a modern-crypto drop-in to sshd with validation, consent and automatic rollback.
set -eu

DROPIN_DIR=/etc/ssh/sshd_config.d
DROPIN=$DROPIN_DIR/50-modern-crypto.conf
BACKUP_DIR=/var/backups/modern-sshd-crypto
UNIT=modern-sshd-crypto-rollback
STAMP=$(date +%Y%m%d-%H%M%S)

render() {
    cat <<'CONF'
# Managed by modern-sshd-crypto. Remove this file and reload sshd to revert.
KexAlgorithms sntrup761x25519-sha512@openssh.com,curve25519-sha256,curve25519-sha256@libssh.org,diffie-hellman-group16-sha512,diffie-hellman-group18-sha512
Ciphers chacha20-poly1305@openssh.com,aes256-gcm@openssh.com,aes128-gcm@openssh.com,aes256-ctr,aes192-ctr,aes128-ctr
MACs hmac-sha2-512-etm@openssh.com,hmac-sha2-256-etm@openssh.com,umac-128-etm@openssh.com
HostKeyAlgorithms ssh-ed25519,ssh-ed25519-cert-v01@openssh.com,rsa-sha2-512,rsa-sha2-256
PubkeyAcceptedAlgorithms ssh-ed25519,ssh-ed25519-cert-v01@openssh.com,sk-ssh-ed25519@openssh.com,rsa-sha2-512,rsa-sha2-256
CONF
}

sshd_bin() { command -v sshd || echo /usr/sbin/sshd; }

reload_sshd() {
    if systemctl is-active --quiet ssh 2>/dev/null; then systemctl reload ssh
    else systemctl reload sshd; fi
}

plan() {
    echo "== drop-in that would be written to $DROPIN"
    render
    echo
    if ! grep -Eq '^[[:space:]]*Include[[:space:]]+/etc/ssh/sshd_config\.d/\*\.conf' /etc/ssh/sshd_config; then
        echo "WARNING: /etc/ssh/sshd_config has no Include for $DROPIN_DIR; the drop-in would have no effect."
    fi
    if [ -r /var/log/auth.log ]; then
        echo "== KEX/ciphers seen in recent logins that would be refused:"
        grep -Eo 'kex: (algorithm|client->server cipher): [^ ]+' /var/log/auth.log 2>/dev/null \
            | awk '{print $NF}' | sort | uniq -c \
            | grep -Ev 'curve25519|sntrup761|chacha20|gcm|ctr|group1[68]' || echo "   none found"
    fi
}

apply() {
    [ "$(id -u)" -eq 0 ] || { echo "run --apply with sudo" >&2; exit 1; }
    plan
    printf '\nWrite %s and reload sshd? Keep another session open. Type yes: ' "$DROPIN"
    read -r answer
    [ "$answer" = "yes" ] || { echo "aborted; nothing changed"; exit 1; }

    mkdir -p "$BACKUP_DIR" "$DROPIN_DIR"
    chmod 700 "$BACKUP_DIR"
    if [ -e "$DROPIN" ]; then
        cp -p "$DROPIN" "$BACKUP_DIR/50-modern-crypto.conf.$STAMP"
        echo "$BACKUP_DIR/50-modern-crypto.conf.$STAMP" > "$BACKUP_DIR/last"
    else
        echo "none" > "$BACKUP_DIR/last"
    fi

    tmp=$(mktemp "$DROPIN_DIR/.modern-crypto.XXXXXX")
    render > "$tmp"
    chmod 644 "$tmp"
    mv "$tmp" "$DROPIN"

    if ! "$(sshd_bin)" -t; then
        echo "sshd -t failed; restoring previous state" >&2
        restore
        exit 1
    fi
    reload_sshd

    # Roll back automatically in 5 minutes unless --confirm is run.
    systemd-run --unit="$UNIT" --on-active=300 /bin/sh "$(readlink -f "$0")" --rollback >/dev/null
    echo "Applied. Open a NEW ssh session now; then run: sudo sh $0 --confirm (rollback in 5 min)"
}

restore() {
    last=$(cat "$BACKUP_DIR/last" 2>/dev/null || echo none)
    if [ "$last" = "none" ]; then rm -f "$DROPIN"; else cp -p "$last" "$DROPIN"; fi
}

rollback() {
    restore
    "$(sshd_bin)" -t && reload_sshd
    logger -t modern-sshd-crypto "rolled back $DROPIN (not confirmed)"
}

confirm() {
    systemctl stop "$UNIT.timer" "$UNIT.service" 2>/dev/null || true
    echo "Confirmed; rollback cancelled. Backup kept in $BACKUP_DIR."
}

case "${1:---plan}" in
    --plan) plan ;;
    --apply) apply ;;
    --confirm) confirm ;;
    --rollback) rollback ;;
    *) echo "usage: $0 --plan|--apply|--confirm" >&2; exit 2 ;;
esac
