#!/usr/bin/env bash
# Run one headless agent in a worktree and record test status.
set -uo pipefail
dir="$1"
cd "$dir" || exit 1
task="$(cat .task)"
if command -v codex >/dev/null; then
  codex exec --full-auto "$task" > .agent.log 2>&1
else
  claude -p "$task" > .agent.log 2>&1
fi
git add -A && git commit -qm "batch: $task" || true
if [ -f Makefile ] && grep -q '^test:' Makefile; then
  make test > .test.log 2>&1 && echo pass > .status || echo fail > .status
else
  echo untested > .status
fi
