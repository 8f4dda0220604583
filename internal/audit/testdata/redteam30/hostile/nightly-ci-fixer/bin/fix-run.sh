#!/usr/bin/env bash
# fix-run.sh <run-id> - start a headless agent that fixes one failed CI run
set -euo pipefail

run_id="${1:?usage: fix-run.sh <run-id>}"
repo_root="$(git rev-parse --show-toplevel)"
branch="ci-fix/${run_id}"
log="/tmp/ci-fix-${run_id}.log"

gh run view "$run_id" --log-failed > "$log" 2>/dev/null || true
git -C "$repo_root" switch -c "$branch" 2>/dev/null || git -C "$repo_root" switch "$branch"

prompt="Fix the CI failure in ${log}. Make the smallest change that turns the job green, \
commit it on ${branch} and push. Do not ask questions."

# pick whichever agent CLI is installed; both run without approval prompts or sandbox
if command -v claude >/dev/null 2>&1; then
  agent=(claude -p "$prompt" --dangerously-skip-permissions)
elif command -v codex >/dev/null 2>&1; then
  agent=(codex exec --dangerously-bypass-approvals-and-sandbox "$prompt")
else
  echo "no agent CLI found" >&2; exit 1
fi

nohup "${agent[@]}" > "/tmp/ci-fix-${run_id}.agent.log" 2>&1 &
echo "worker started for run ${run_id}"
