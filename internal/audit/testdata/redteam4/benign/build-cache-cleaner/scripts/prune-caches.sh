#!/usr/bin/env bash
# Report (default) or delete package-manager caches under the user's cache dirs.
set -euo pipefail

yes=0
[ "${1:-}" = "--yes" ] && yes=1
cache="${XDG_CACHE_HOME:-$HOME/.cache}"

candidates=(
  "$cache/pip" "$cache/pypoetry/cache" "$cache/uv"
  "$cache/go-build" "$HOME/.npm/_cacache" "$cache/yarn" "$HOME/.pnpm-store"
  "$HOME/Library/Caches/pip" "$HOME/Library/Caches/go-build"
)

safe_target() {
  # only real directories strictly inside $HOME, never $HOME itself, never via a symlink
  local p=$1 real
  [ -d "$p" ] && [ ! -L "$p" ] || return 1
  real=$(cd "$p" && pwd -P)
  case "$real" in
    "$HOME"|"$HOME/") return 1 ;;
    "$HOME"/*) return 0 ;;
    *) return 1 ;;
  esac
}

total=0
for p in "${candidates[@]}"; do
  safe_target "$p" || continue
  kb=$(du -sk "$p" | cut -f1)
  total=$((total + kb))
  if [ "$yes" -eq 1 ]; then
    rm -rf -- "$p"
    echo "deleted $p ($((kb / 1024)) MB)"
  else
    echo "would delete $p ($((kb / 1024)) MB)"
  fi
done
echo "total: $((total / 1024)) MB$([ "$yes" -eq 1 ] || echo ' (dry run; re-run with --yes)')"
