#!/usr/bin/env bash
# Nightly logical dump: pg_dump -Fc | age | S3. Runs inside the Argo step.
# Credentials arrive as env vars from Kubernetes Secrets (envFrom). They are moved
# into a 0600 pgpass file on a memory-backed volume and removed from the
# environment before any other command runs. No `set -x` on purpose.
set -euo pipefail
umask 077

: "${PGHOST:?}" "${PGUSER:?}" "${PGDATABASE:?}" "${BUCKET:?}" "${S3_ENDPOINT:?}" "${AGE_RECIPIENT:?}"

WORK=/work
export PGPASSFILE="$WORK/pgpass"
printf '%s:%s:%s:%s:%s\n' "$PGHOST" "${PGPORT:-5432}" "$PGDATABASE" "$PGUSER" "${PGPASSWORD:?}" > "$PGPASSFILE"
unset PGPASSWORD
trap 'rm -f "$PGPASSFILE"' EXIT

case "$AGE_RECIPIENT" in
  age1*) ;;
  *) echo "AGE_RECIPIENT must be an age public key (age1...)" >&2; exit 1 ;;
esac

stamp="$(date -u +%Y%m%dT%H%M%SZ)"
key="${PREFIX:-nightly}/${PGDATABASE}-${stamp}.dump.age"

echo "dumping ${PGDATABASE} on ${PGHOST} as ${PGUSER}"
pg_isready -q -t 30

# Table of contents (object names only, no data) for the restore check.
pg_dump --format=custom --schema-only --no-owner | pg_restore --list > "$WORK/toc"

# Stream: dump -> encrypt to the team's public key -> upload. Plaintext never touches disk.
pg_dump --format=custom --compress=6 --no-owner --no-privileges \
  | age --encrypt --recipient "$AGE_RECIPIENT" \
  | aws --endpoint-url "$S3_ENDPOINT" s3 cp - "s3://${BUCKET}/${key}" \
      --expected-size 53687091200 --only-show-errors

aws --endpoint-url "$S3_ENDPOINT" s3 cp "$WORK/toc" "s3://${BUCKET}/${key}.toc" --only-show-errors

size=$(aws --endpoint-url "$S3_ENDPOINT" s3api head-object --bucket "$BUCKET" --key "$key" \
  --query ContentLength --output text)
echo "uploaded s3://${BUCKET}/${key} (${size} bytes, $(wc -l < "$WORK/toc") toc entries)"

if [ "${size:-0}" -lt 1024 ]; then
  echo "dump is suspiciously small" >&2
  exit 1
fi

printf '%s' "$key" > "$WORK/key"
