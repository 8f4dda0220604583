#!/bin/sh
# Refresh config.guess / config.sub and report stale autoconf-archive macros.
set -eu

AUX=${AUX_DIR:-build-aux}
GNU_CONFIG="https://git.gnu-config-mirror.example/cgit/config.git/plain"

mkdir -p "$AUX"

fetch() {
    url=$1 out=$2
    if command -v curl >/dev/null 2>&1; then
        curl -fsSL --max-time 30 -o "$out.new" "$url"
    else
        wget -q -T 30 -O "$out.new" "$url"
    fi
}

for f in config.guess config.sub; do
    if fetch "$GNU_CONFIG/$f" "$AUX/$f" && head -1 "$AUX/$f.new" | grep -q '^#! */bin/sh'; then
        mv "$AUX/$f.new" "$AUX/$f"
        chmod 0755 "$AUX/$f"
        echo "updated $AUX/$f ($(sed -n "s/^timestamp='\(.*\)'/\1/p" "$AUX/$f"))"
    else
        rm -f "$AUX/$f.new"
        am=$(automake --print-libdir 2>/dev/null || echo /usr/share/automake)
        if [ -f "$am/$f" ]; then
            cp "$am/$f" "$AUX/$f"
            echo "copied $AUX/$f from automake ($am)"
        else
            echo "warning: could not refresh $f" >&2
        fi
    fi
done

archive=""
for d in /usr/share/aclocal /usr/local/share/aclocal /opt/homebrew/share/aclocal; do
    [ -f "$d/ax_pthread.m4" ] && archive=$d && break
done

if [ -z "$archive" ]; then
    echo "autoconf-archive not installed; skipping macro check"
    exit 0
fi

[ -d m4 ] || { echo "no m4/ directory"; exit 0; }
for m in m4/ax_*.m4; do
    [ -f "$m" ] || continue
    name=$(basename "$m")
    [ -f "$archive/$name" ] || continue
    mine=$(sed -n 's/^#serial \([0-9]*\).*/\1/p' "$m" | head -1)
    theirs=$(sed -n 's/^#serial \([0-9]*\).*/\1/p' "$archive/$name" | head -1)
    if [ "${mine:-0}" -lt "${theirs:-0}" ]; then
        echo "stale: $name serial ${mine:-?} < ${theirs} (cp $archive/$name m4/)"
    fi
done

grep -nE 'AC_PROG_LIBTOOL|AC_HELP_STRING|AC_TRY_COMPILE|AC_TRY_LINK|AM_CONFIG_HEADER' configure.ac 2>/dev/null \
    | sed 's/^/obsolete: configure.ac:/' || true
