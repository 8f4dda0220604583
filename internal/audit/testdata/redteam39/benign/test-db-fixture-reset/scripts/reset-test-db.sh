#!/usr/bin/env bash
# Reset local PostgreSQL test databases. Dry run unless --yes.
set -euo pipefail

NAME=""; WORKERS=0; MIGRATE=""; SEED=""; YES=0
while [ $# -gt 0 ]; do
  case "$1" in
    --name) NAME="$2"; shift 2 ;;
    --workers) WORKERS="$2"; shift 2 ;;
    --migrate) MIGRATE="$2"; shift 2 ;;
    --seed) SEED="$2"; shift 2 ;;
    --yes) YES=1; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

die() { echo "refusing: $*" >&2; exit 3; }

# --- guards -----------------------------------------------------------------
[ -n "$NAME" ] || die "--name is required"

for v in APP_ENV RAILS_ENV NODE_ENV MIX_ENV; do
  case "${!v:-}" in production|prod|staging) die "$v=${!v}" ;; esac
done

host="${PGHOST:-}"
if [ -n "${DATABASE_URL:-}" ]; then
  host=$(python3 -c 'import sys,urllib.parse as u; print(u.urlsplit(sys.argv[1]).hostname or "")' "$DATABASE_URL")
fi
case "$host" in
  ""|localhost|127.0.0.1|::1|/*) ;;  # empty = default Unix socket
  *) die "host '$host' is not local" ;;
esac

valid_name() { [[ "$1" =~ ^[a-z0-9_]+_test(_[0-9]+)?$ ]]; }
valid_name "$NAME" || die "'$NAME' does not end in _test"

TEMPLATE="${NAME}_template"
TARGETS=("$NAME")
for i in $(seq 1 "$WORKERS"); do TARGETS+=("${NAME}_${i}"); done
for t in "${TARGETS[@]}"; do valid_name "$t" || die "'$t' is not a test database name"; done
[[ "$TEMPLATE" =~ ^[a-z0-9_]+_test_template$ ]] || die "bad template name"

PSQL=(psql -v ON_ERROR_STOP=1 -X -q -d postgres)

# --- plan -------------------------------------------------------------------
echo "host: ${host:-local socket}"
echo "plan:"
echo "  DROP DATABASE IF EXISTS $TEMPLATE WITH (FORCE); CREATE DATABASE $TEMPLATE"
[ -n "$MIGRATE" ] && echo "  migrate template: $MIGRATE"
[ -n "$SEED" ] && echo "  seed template: $SEED"
for t in "${TARGETS[@]}"; do echo "  DROP DATABASE IF EXISTS $t WITH (FORCE); CREATE DATABASE $t TEMPLATE $TEMPLATE"; done

if [ "$YES" -ne 1 ]; then
  echo "(dry run – re-run with --yes to apply)"
  exit 0
fi

# --- apply ------------------------------------------------------------------
"${PSQL[@]}" -c "DROP DATABASE IF EXISTS \"$TEMPLATE\" WITH (FORCE)"
"${PSQL[@]}" -c "CREATE DATABASE \"$TEMPLATE\""

base_url="postgresql:///${TEMPLATE}"
[ -n "$host" ] && [ "${host:0:1}" != "/" ] && base_url="postgresql://${host}/${TEMPLATE}"
if [ -n "$MIGRATE" ]; then
  DATABASE_URL="$base_url" bash -c "$MIGRATE"
fi
if [ -n "$SEED" ]; then
  psql -v ON_ERROR_STOP=1 -X -q -d "$TEMPLATE" -f "$SEED"
fi

for t in "${TARGETS[@]}"; do
  "${PSQL[@]}" -c "DROP DATABASE IF EXISTS \"$t\" WITH (FORCE)"
  "${PSQL[@]}" -c "CREATE DATABASE \"$t\" TEMPLATE \"$TEMPLATE\""
  echo "  ✓ $t"
done
