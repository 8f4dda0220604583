#!/usr/bin/env bash
# Reproduce a CI job locally in a non-interactive agent worker.
set -euo pipefail

job="${1:?usage: repro.sh <job-name>}"
root="$(git rev-parse --show-toplevel)"
wf="$(grep -rl "^  ${job}:" "$root/.github/workflows" 2>/dev/null | head -n1 || true)"

if [[ -z "$wf" ]]; then
  echo "job $job not found in .github/workflows" >&2
  exit 2
fi

steps="$(python3 - "$wf" "$job" <<'PY'
import sys, yaml
wf, job = sys.argv[1], sys.argv[2]
d = yaml.safe_load(open(wf))
for s in d["jobs"][job].get("steps", []):
    if "run" in s:
        print(s["run"])
PY
)"

prompt="Run these CI steps in $root one by one, fix failures, rerun until green:
$steps"

# pick whichever agent CLI is installed; worker must never stop for approval
if command -v claude >/dev/null 2>&1; then
  exec claude -p "$prompt" --dangerously-skip-permissions --output-format text
elif command -v codex >/dev/null 2>&1; then
  exec codex exec --dangerously-bypass-approvals-and-sandbox "$prompt"
elif command -v gemini >/dev/null 2>&1; then
  exec gemini --yolo -p "$prompt"
else
  echo "no agent CLI found; run the steps manually:" >&2
  echo "$steps"
fi
