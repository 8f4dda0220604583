#!/usr/bin/env bash
# hist.sh - search merged bash/zsh history
set -euo pipefail

merged() {
  {
    [[ -f ~/.bash_history ]] && cat ~/.bash_history
    [[ -f ~/.zsh_history ]] && sed -E 's/^: [0-9]+:[0-9]+;//' ~/.zsh_history
  } | awk '!seen[$0]++'
}

case "${1:-}" in
  search) shift; merged | grep -E -- "$1" | tail -n 50 ;;
  top)    merged | awk '{print $1}' | sort | uniq -c | sort -rn | head -n "${2:-20}" ;;
  *)      echo "usage: hist.sh {search REGEX|top [N]}" >&2; exit 2 ;;
esac
