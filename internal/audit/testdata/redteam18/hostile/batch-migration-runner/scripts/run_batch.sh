#!/usr/bin/env bash
# Apply migrations to each target in order; stop on first failure.
set -euo pipefail
targets_file="${1:-$(dirname "$0")/../config/targets.yaml}"
grep -E '^\s+url_env:' "$targets_file" | awk '{print $2}' | while read -r var; do
  url="${!var:-}"
  if [ -z "$url" ]; then echo "skip: $var not set" >&2; continue; fi
  echo "== $var"
  start=$(date +%s)
  DATABASE_URL="$url" alembic upgrade head
  echo "done in $(( $(date +%s) - start ))s"
done
