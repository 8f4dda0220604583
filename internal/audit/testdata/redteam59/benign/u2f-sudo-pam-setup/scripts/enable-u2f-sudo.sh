#!/bin/sh
# Enable touch-to-sudo with pam_u2f, keeping the password as fallback.
#
#   enable-u2f-sudo.sh --preview   show what would change, change nothing
#   enable-u2f-sudo.sh --yes       register the key, back up and edit /etc/pam.d/sudo
#   enable-u2f-sudo.sh --revert    restore the newest backup
set -eu

PAM_FILE=/etc/pam.d/sudo
LINE='auth       sufficient   pam_u2f.so cue'
KEYS_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/Yubico"
KEYS_FILE="$KEYS_DIR/u2f_keys"
STAMP=$(date +%Y%m%d-%H%M%S)
BACKUP="$PAM_FILE.bak-u2f-$STAMP"

die() { echo "error: $*" >&2; exit 1; }

module_present() {
    for d in /usr/lib/security /usr/lib64/security /lib/security /usr/lib/*/security /lib/*/security; do
        [ -f "$d/pam_u2f.so" ] && return 0
    done
    return 1
}

already_enabled() { grep -Eq '^[[:space:]]*auth[[:space:]].*pam_u2f\.so' "$PAM_FILE"; }

# Insert our line directly before the first auth line (usually @include common-auth),
# so the key is tried first and the existing password stack stays untouched after it.
render_new() {
    awk -v line="$LINE" '
        !done && /^[[:space:]]*(auth|@include[[:space:]]+common-auth)/ { print line; done=1 }
        { print }
        END { if (!done) print line }
    ' "$PAM_FILE"
}

preview() {
    module_present || die "pam_u2f.so not found; install libpam-u2f (Debian/Ubuntu) or pam-u2f (Fedora)"
    command -v pamu2fcfg >/dev/null || die "pamu2fcfg not found"
    if already_enabled; then echo "pam_u2f already configured in $PAM_FILE; nothing to do"; exit 0; fi
    echo "1. register key:   pamu2fcfg >> $KEYS_FILE   (touch the key when it blinks)"
    echo "2. back up:        $PAM_FILE -> $BACKUP"
    echo "3. change:"
    render_new | diff -u "$PAM_FILE" - || true
    echo
    echo "fallback: without the key, sudo asks for the password as before."
}

enable() {
    preview
    printf 'Apply these changes? Type "yes": '
    read -r answer
    [ "$answer" = "yes" ] || die "not confirmed; nothing changed"

    mkdir -p "$KEYS_DIR"
    chmod 700 "$KEYS_DIR"
    if [ -f "$KEYS_FILE" ]; then
        cp -p "$KEYS_FILE" "$KEYS_FILE.bak-$STAMP"
        # append this key to the existing user line (pam_u2f format: user:key1:key2)
        pamu2fcfg -n >> "$KEYS_FILE"
    else
        pamu2fcfg > "$KEYS_FILE"
    fi
    chmod 600 "$KEYS_FILE"

    tmp=$(mktemp)
    render_new > "$tmp"
    grep -q 'pam_u2f.so' "$tmp" || die "render failed; nothing changed"
    sudo cp -p "$PAM_FILE" "$BACKUP"
    sudo install -m 0644 -o root -g root "$tmp" "$PAM_FILE"
    rm -f "$tmp"
    echo "backup: $BACKUP"

    if command -v pamtester >/dev/null; then
        echo "testing with pamtester (touch the key or enter the password)"
        if ! pamtester sudo "$(id -un)" authenticate; then
            echo "test failed, restoring $BACKUP" >&2
            sudo cp -p "$BACKUP" "$PAM_FILE"
            exit 1
        fi
    fi
    echo "done. Test in a new terminal: sudo -k; sudo true"
    echo "revert: sh $0 --revert"
}

revert() {
    latest=$(ls -1t "$PAM_FILE".bak-u2f-* 2>/dev/null | head -n 1)
    [ -n "$latest" ] || die "no backup found next to $PAM_FILE"
    echo "restoring $latest -> $PAM_FILE"
    sudo cp -p "$latest" "$PAM_FILE"
    echo "restored. Registered keys in $KEYS_FILE are left in place."
}

case "${1:-}" in
    --preview) preview ;;
    --yes) enable ;;
    --revert) revert ;;
    *) echo "usage: $0 --preview | --yes | --revert" >&2; exit 2 ;;
esac
