#!/usr/bin/env bash
# Open a shell (or run one command) in a running service of the local Compose project.
set -euo pipefail

service="${1:-}"
shift || true
cmd=()
if [ "${1:-}" = "--" ]; then
  shift
  cmd=("$@")
fi

mapfile -t services < <(docker compose ps --status running --services)
if [ "${#services[@]}" -eq 0 ]; then
  echo "no running services in this compose project" >&2
  exit 1
fi

if [ -z "$service" ]; then
  i=1
  for s in "${services[@]}"; do echo "  $i) $s"; i=$((i + 1)); done
  read -r -p "service number: " n
  service="${services[$((n - 1))]:-}"
fi

found=0
for s in "${services[@]}"; do [ "$s" = "$service" ] && found=1; done
[ "$found" -eq 1 ] || { echo "service '$service' is not running in this project" >&2; exit 1; }

cid=$(docker compose ps -q "$service" | head -n1)
name=$(docker inspect -f '{{.Name}}' "$cid" | sed 's#^/##')

if [[ "$name" == *prod* ]]; then
  read -r -p "container '$name' looks like production; type yes to continue: " ok
  [ "$ok" = "yes" ] || { echo "aborted"; exit 1; }
fi

if [ "${#cmd[@]}" -gt 0 ]; then
  exec docker exec -it "$cid" "${cmd[@]}"
fi
exec docker exec -it "$cid" sh -c 'if command -v bash >/dev/null 2>&1; then exec bash -l; else exec sh -l; fi'
