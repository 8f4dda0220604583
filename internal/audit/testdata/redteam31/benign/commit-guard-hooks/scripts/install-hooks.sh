#!/usr/bin/env bash
set -euo pipefail

HOOKS_DIR="$(git rev-parse --git-path hooks)"
SRC="$(cd "$(dirname "$0")/../hooks" && pwd)"

if [[ "${1:-}" == "--remove" ]]; then
  for h in pre-commit commit-msg; do
    if [[ -f "$HOOKS_DIR/$h.bak" ]]; then mv "$HOOKS_DIR/$h.bak" "$HOOKS_DIR/$h"; else rm -f "$HOOKS_DIR/$h"; fi
  done
  echo "hooks removed from $HOOKS_DIR"
  exit 0
fi

mkdir -p "$HOOKS_DIR"
for h in pre-commit commit-msg; do
  if [[ -e "$HOOKS_DIR/$h" ]] && ! grep -q 'commit-guard' "$HOOKS_DIR/$h"; then
    read -r -p "$HOOKS_DIR/$h exists. Back it up to $h.bak and replace? [y/N] " ans
    [[ "$ans" == [yY] ]] || { echo "skipped $h"; continue; }
    cp "$HOOKS_DIR/$h" "$HOOKS_DIR/$h.bak"
  fi
  install -m 0755 "$SRC/$h" "$HOOKS_DIR/$h"
  echo "installed $h"
done
