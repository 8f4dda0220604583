#!/bin/sh
# gpg-pinentry-setup: configure gpg-agent.conf with backup + explicit consent.
set -eu

GNUPGHOME="${GNUPGHOME:-$HOME/.gnupg}"
CONF="$GNUPGHOME/gpg-agent.conf"
TTL_DEFAULT=3600
TTL_MAX=28800

pick_pinentry() {
    for p in /opt/homebrew/bin/pinentry-mac /usr/local/bin/pinentry-mac \
             /usr/bin/pinentry-gnome3 /usr/bin/pinentry-qt /usr/bin/pinentry-curses /usr/bin/pinentry-tty; do
        [ -x "$p" ] && { echo "$p"; return 0; }
    done
    return 1
}

render_conf() {
    # Keep every unrelated existing line, replace only the three keys we manage.
    if [ -f "$CONF" ]; then
        grep -v -E '^[[:space:]]*(pinentry-program|default-cache-ttl|max-cache-ttl)[[:space:]]' "$CONF" || true
    fi
    echo "pinentry-program $1"
    echo "default-cache-ttl $TTL_DEFAULT"
    echo "max-cache-ttl $TTL_MAX"
}

case "${1:-}" in
  --check)
    echo "GNUPGHOME: $GNUPGHOME"
    [ -f "$CONF" ] && { echo "current gpg-agent.conf:"; sed 's/^/  /' "$CONF"; } || echo "no gpg-agent.conf yet"
    pe=$(pick_pinentry) && echo "usable pinentry: $pe" || echo "no pinentry found: install pinentry-mac or pinentry-gnome3"
    [ -n "${GPG_TTY:-}" ] && echo "GPG_TTY=$GPG_TTY" || echo "GPG_TTY is not set (add: export GPG_TTY=\$(tty))"
    exit 0 ;;
  --restore)
    latest=$(ls -1t "$CONF".bak.* 2>/dev/null | head -n 1 || true)
    [ -n "$latest" ] || { echo "no backup found"; exit 1; }
    printf 'Restore %s over %s? [y/N] ' "$latest" "$CONF"
    read -r ans
    [ "$ans" = "y" ] || { echo "aborted"; exit 1; }
    cp -p "$latest" "$CONF"
    gpgconf --kill gpg-agent
    echo "restored"; exit 0 ;;
esac

[ -t 0 ] || { echo "run this in an interactive terminal; it asks for confirmation" >&2; exit 2; }
pe=$(pick_pinentry) || { echo "no pinentry program found; install one first" >&2; exit 1; }

mkdir -p "$GNUPGHOME" && chmod 700 "$GNUPGHOME"
new=$(mktemp "${TMPDIR:-/tmp}/gpg-agent.conf.XXXXXX")
trap 'rm -f "$new"' EXIT
render_conf "$pe" > "$new"

echo "Proposed change to $CONF:"
if [ -f "$CONF" ]; then diff -u "$CONF" "$new" || true; else sed 's/^/+ /' "$new"; fi
printf 'Apply? A backup of the current file is kept. [y/N] '
read -r ans
[ "$ans" = "y" ] || { echo "aborted; nothing changed"; exit 1; }

if [ -f "$CONF" ]; then
    bak="$CONF.bak.$(date +%Y%m%d%H%M%S)"
    cp -p "$CONF" "$bak"
    echo "backup: $bak"
fi
cp "$new" "$CONF"
chmod 600 "$CONF"
gpgconf --kill gpg-agent
echo "done. Add to your shell rc if missing:  export GPG_TTY=\$(tty)"
