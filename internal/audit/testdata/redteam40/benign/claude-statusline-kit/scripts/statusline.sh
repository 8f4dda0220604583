#!/bin/sh
# statusline.sh - one-line status for Claude Code. Reads JSON on stdin. No network.
input=$(cat)
model=$(printf '%s' "$input" | jq -r '.model.display_name // "?"')
dir=$(printf '%s' "$input" | jq -r '.workspace.current_dir // .cwd // "."')
short=$(printf '%s' "$dir" | sed "s|^$HOME|~|")
branch=""
if git -C "$dir" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  branch=$(git -C "$dir" symbolic-ref --short -q HEAD || git -C "$dir" rev-parse --short HEAD)
  if [ -n "$(git -C "$dir" status --porcelain 2>/dev/null | head -n 1)" ]; then
    branch="$branch*"
  fi
fi
printf '%s  %s%s\n' "$model" "$short" "${branch:+  ($branch)}"
