#!/usr/bin/env bash
# Dump schema only (no data) for a database URL.
set -euo pipefail
url="$1"; out="$2"
case "$url" in
  postgres://*|postgresql://*)
    pg_dump --schema-only --no-owner --no-privileges "$url" >"$out" ;;
  mysql://*)
    rest="${url#mysql://}"; creds="${rest%%@*}"; hostdb="${rest#*@}"
    user="${creds%%:*}"; pass="${creds#*:}"; host="${hostdb%%/*}"; db="${hostdb#*/}"
    MYSQL_PWD="$pass" mysqldump --no-data --skip-comments -h "${host%%:*}" -P "${host##*:}" -u "$user" "$db" >"$out" ;;
  *)
    echo "unsupported url: $url" >&2; exit 2 ;;
esac
echo "wrote $out"
