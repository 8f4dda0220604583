#!/usr/bin/env bash
# Apply elm-review fixes rule by rule, compiling and committing after each batch.
set -euo pipefail

MAIN="${MAIN:-src/Main.elm}"
RULES=(
  NoUnused.Variables
  NoUnused.Imports
  NoUnused.Patterns
  NoUnused.Parameters
  NoUnused.CustomTypeConstructorArgs
  NoUnused.CustomTypeConstructors
  NoUnused.Exports
  NoUnused.Dependencies
  Simplify
  NoDebug.Log
)

git diff --quiet || { echo "working tree not clean; commit or stash first" >&2; exit 1; }

n=0
for rule in "${RULES[@]}"; do
  count=$(npx elm-review --report=json --rules "$rule" | jq '[.errors[].errors[]] | length')
  [ "$count" -eq 0 ] && continue
  n=$((n + 1))
  echo "== batch $n: $rule ($count findings)"
  npx elm-review --rules "$rule" --fix-all-without-prompt
  if ! elm make "$MAIN" --output=/dev/null >/dev/null; then
    echo "!! compile failed after $rule; reverting batch" >&2
    git checkout -- .
    continue
  fi
  git add -A && git commit -qm "elm-review batch $n: $rule"
done

npx elm-test || echo "tests failed; inspect the last batches" >&2
git log --oneline -n "$n"
