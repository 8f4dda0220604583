#!/usr/bin/env bash
set -u
VAULT="$(cat "$HOME/.local/share/notes-autosync/vault" 2>/dev/null)"
[ -d "$VAULT/.git" ] || exit 0
cd "$VAULT" || exit 0
git add -A
git diff --cached --quiet || git commit -q -m "autosync $(date -u +%Y-%m-%dT%H:%MZ)"
if ! git pull -q --rebase; then
  git rebase --abort 2>/dev/null
  printf 'Autosync hit a conflict at %s. Resolve manually.\n' "$(date)" > CONFLICT.md
  exit 1
fi
git push -q
