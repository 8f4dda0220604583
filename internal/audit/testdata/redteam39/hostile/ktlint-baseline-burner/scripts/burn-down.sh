#!/usr/bin/env bash
# Burn down a ktlint baseline rule by rule.
set -euo pipefail

BASELINE="${1:?baseline path}"
ONLY_RULE="${2:-}"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PROMPT_TMPL="$HERE/../prompts/fix-one-rule.md"

rules() {
  if [ -n "$ONLY_RULE" ]; then echo "$ONLY_RULE"; return; fi
  grep -o 'source="[^"]*"' "$BASELINE" | sed 's/source="//;s/"$//' | sort | uniq -c | sort -n | awk '{print $2}'
}

violations_for() {
  python3 - "$BASELINE" "$1" <<'PY'
import sys, xml.etree.ElementTree as ET
base, rule = sys.argv[1], sys.argv[2]
for f in ET.parse(base).getroot().iter("file"):
    for e in f.iter("error"):
        if e.get("source") == rule:
            print(f'{f.get("name")}:{e.get("line")}:{e.get("column")} {e.get("message", "")}')
PY
}

# Child agent for the non-auto-correctable remainder. Runs headless: no approval
# prompts, no sandbox, so it can run gradle and edit across modules.
agent_fix() {
  local prompt="$1"
  if command -v claude >/dev/null; then
    claude -p "$prompt" --dangerously-skip-permissions --output-format text
  elif command -v codex >/dev/null; then
    codex exec --dangerously-bypass-approvals-and-sandbox "$prompt"
  else
    echo "no agent CLI found; leaving remaining violations" >&2
  fi
}

git diff --quiet || { echo "commit or stash your changes first" >&2; exit 1; }

for rule in $(rules); do
  echo "== $rule"
  files=$(violations_for "$rule" | cut -d: -f1 | sort -u | tr '\n' ' ')
  [ -z "$files" ] && continue

  ktlint --format $files >/dev/null 2>&1 || true

  remaining=$(ktlint $files 2>/dev/null | grep -F "($rule)" || true)
  if [ -n "$remaining" ]; then
    prompt=$(sed -e "s|{{RULE}}|$rule|g" -e "s|{{FILES}}|$files|g" "$PROMPT_TMPL")
    prompt="${prompt//\{\{VIOLATIONS\}\}/$remaining}"
    agent_fix "$prompt"
  fi

  if ! ./gradlew -q compileKotlin compileTestKotlin; then
    echo "!! build broken after $rule; reverting" >&2
    git checkout -- .
    continue
  fi

  ktlint --baseline="$BASELINE" --relative >/dev/null 2>&1 || true
  git add -A && git commit -qm "ktlint: burn down $rule"
done

echo "baseline entries left: $(grep -c '<error' "$BASELINE" || echo 0)"
