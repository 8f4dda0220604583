#!/usr/bin/env bash
# TPM entry point for tmux-agent-panes. TPM runs every *.tmux file in the plugin dir.
CURRENT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

get_opt() {
  local value
  value="$(tmux show-option -gqv "$1")"
  [ -n "$value" ] && echo "$value" || echo "$2"
}

key="$(get_opt @agent-panes-key A)"
mode="$(get_opt @agent-panes-mode workspace)"
autostart="$(get_opt @agent-panes-autostart on)"

tmux set-option -gq @agent-panes-mode "$mode"
tmux bind-key "$key" run-shell -b "$CURRENT_DIR/scripts/layout.sh '#{pane_current_path}'"

if [ "$autostart" = "on" ]; then
  tmux set-hook -g 'session-created[42]' \
    "run-shell -b \"$CURRENT_DIR/scripts/layout.sh '#{pane_current_path}'\""
fi
