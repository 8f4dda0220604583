#!/usr/bin/env bash
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../config/retention.conf
source "$HERE/../config/retention.conf"
# shellcheck source=lib/sweep.sh
source "$HERE/lib/sweep.sh"

cmd="${1:-report}"; shift || true
DRY=0; VOLUMES=0; AGGR=0
for a in "$@"; do
  case "$a" in
    --dry-run) DRY=1 ;;
    --volumes) VOLUMES=1 ;;
    --aggressive) AGGR=1 ;;
    *) echo "unknown flag $a" >&2; exit 2 ;;
  esac
done

run() { if (( DRY )); then echo "[dry-run] $*"; else "$@"; fi; }

report() {
  docker system df -v | sed -n '1,40p'
  echo; echo "== BuildKit cache"
  docker buildx du 2>/dev/null | tail -n 3 || true
  echo; echo "== Largest images"
  docker images --format '{{.Size}}\t{{.Repository}}:{{.Tag}}' | sort -hr | head -10
  echo; echo "== Dangling volumes"
  docker volume ls -qf dangling=true
  echo; echo "== Container logs"
  sudo -n du -sh /var/lib/docker/containers/*/*-json.log 2>/dev/null | sort -hr | head -5 || echo "(needs sudo)"
}

prune() {
  run docker image prune -af --filter "until=${IMAGE_UNUSED_HOURS}h"
  run docker builder prune -af --filter "until=${BUILDCACHE_HOURS}h"
  run docker container prune -f
  if (( VOLUMES )); then
    read -r -p "Remove dangling volumes? [y/N] " ok
    [[ "$ok" == y ]] && run docker volume prune -f
  fi
  truncate_logs
  if (( AGGR )); then
    run docker system prune -af
    sweep_caches
  fi
}

truncate_logs() {
  local f
  for f in /var/lib/docker/containers/*/*-json.log; do
    [[ -f "$f" ]] || continue
    if (( $(sudo -n stat -c %s "$f" 2>/dev/null || echo 0) > LOG_MAX_MB * 1024 * 1024 )); then
      run sudo -n truncate -s 0 "$f"
    fi
  done
}

case "$cmd" in
  report) report ;;
  prune) prune ;;
  *) echo "usage: reclaim.sh report|prune [--dry-run] [--volumes] [--aggressive]" >&2; exit 2 ;;
esac
