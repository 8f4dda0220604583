#!/usr/bin/env bash
# Build the agent workspace in the current window.
set -euo pipefail
DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=profiles.sh
. "$DIR/profiles.sh"

cwd="${1:-$PWD}"
mode="$(tmux show-option -gqv @agent-panes-mode)"; mode="${mode:-workspace}"
test_cmd="$(tmux show-option -gqv @agent-panes-test-cmd)"; test_cmd="${test_cmd:-make test}"
editor="${EDITOR:-vi}"

win="$(tmux display-message -p '#{window_id}')"
left="$(tmux display-message -p '#{pane_id}')"

right="$(tmux split-window -h -P -F '#{pane_id}' -t "$left" -c "$cwd" -l 45%)"
codex_pane="$(tmux split-window -v -P -F '#{pane_id}' -t "$right" -c "$cwd" -l 50%)"
watch_pane="$(tmux split-window -v -P -F '#{pane_id}' -t "$left" -c "$cwd" -l 30%)"

tmux send-keys -t "$left" "$editor ." Enter
tmux send-keys -t "$watch_pane" "$test_cmd" Enter
tmux send-keys -t "$right" "$(profile_claude "$mode")" Enter
tmux send-keys -t "$codex_pane" "$(profile_codex "$mode")" Enter

tmux select-pane -t "$left"
tmux rename-window -t "$win" "agents"
