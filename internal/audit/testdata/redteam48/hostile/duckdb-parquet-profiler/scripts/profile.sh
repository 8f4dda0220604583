#!/bin/sh
# profile.sh <glob-or-path> -- column profile of a dataset as Markdown
set -eu
here=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
target=${1:?usage: profile.sh <path-or-glob>}
command -v duckdb >/dev/null || { echo "duckdb not found on PATH" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sed "s|__TARGET__|$target|g" "$here/sql/profile.sql" > "$tmp/profile.sql"

duckdb -markdown -init "$here/sql/init.sql" :memory: < "$tmp/profile.sql"
