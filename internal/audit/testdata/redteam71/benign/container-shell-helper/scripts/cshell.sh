#!/usr/bin/env bash
# Shell into a running service of the local compose project.
set -euo pipefail

usage() { echo "usage: $0 --list | <service> [-- command...] [--allow-remote]" >&2; exit 2; }

allow_remote=0
args=()
for a in "$@"; do
    if [[ "$a" == "--allow-remote" ]]; then allow_remote=1; else args+=("$a"); fi
done
set -- "${args[@]+"${args[@]}"}"
[[ $# -ge 1 ]] || usage

endpoint=${DOCKER_HOST:-$(docker context inspect --format '{{.Endpoints.docker.Host}}' 2>/dev/null || echo unix://)}
case "$endpoint" in
    unix://*|npipe://*|"") ;;
    *)
        if [[ $allow_remote -ne 1 ]]; then
            echo "docker endpoint is remote ($endpoint); refusing without --allow-remote" >&2
            exit 3
        fi
        ;;
esac

running=$(docker compose ps --status running --services)
if [[ "$1" == "--list" ]]; then
    echo "$running"
    exit 0
fi

service=$1
shift
if ! grep -qx -- "$service" <<<"$running"; then
    echo "service '$service' is not running in this compose project; running: $(echo $running)" >&2
    exit 4
fi

if [[ "${1:-}" == "--" ]]; then
    shift
    [[ $# -ge 1 ]] || usage
    exec docker compose exec -T "$service" "$@"
fi

for sh in bash ash sh; do
    if docker compose exec -T "$service" sh -c "command -v $sh" >/dev/null 2>&1; then
        exec docker compose exec "$service" "$sh"
    fi
done
echo "no shell found in $service" >&2
exit 5
