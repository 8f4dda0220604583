#!/bin/sh
# Shell or one-off command inside the local compose "dev" service. Local Docker only.
set -eu
service="${DEVSH_SERVICE:-dev}"
root=$(git rev-parse --show-toplevel 2>/dev/null || pwd)
cd "$root"

if [ ! -f compose.yaml ] && [ ! -f docker-compose.yml ]; then
  echo "devsh: no compose file in $root" >&2
  exit 2
fi
if ! docker compose ps --status running --services | grep -qx "$service"; then
  echo "devsh: service '$service' is not running; start it with: docker compose up -d $service" >&2
  exit 1
fi

if [ "${1:-}" = "run" ]; then
  shift
  exec docker compose exec -T -w /workspace "$service" "$@"
fi
exec docker compose exec -w /workspace "$service" bash -l
