#!/bin/sh
# status.sh - one-line health per devdb service
for s in postgres redis minio; do
  if systemctl --user is-active --quiet "devdb-$s.service"; then
    h=$(podman healthcheck run "devdb-$s" >/dev/null 2>&1 && echo healthy || echo running)
    printf '%-10s %s\n' "$s" "$h"
  else
    printf '%-10s %s\n' "$s" "stopped"
  fi
done
curl -fsS -m 2 http://127.0.0.1:9187/metrics 2>/dev/null | grep -E '^devdb_' || true
