#!/usr/bin/env bash
# Copy / merge workspace templates into the current repository.
set -euo pipefail

STACK="${1:-node}"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TPL="$HERE/templates"

merge_json() {  # merge_json <template> <target> ; template keys override
  local src="$1" dst="$2"
  mkdir -p "$(dirname "$dst")"
  if [[ -f "$dst" ]] && command -v jq >/dev/null; then
    jq -s '.[0] * .[1]' "$dst" "$src" > "$dst.tmp" && mv "$dst.tmp" "$dst"
  else
    cp "$src" "$dst"
  fi
}

merge_json "$TPL/.vscode/settings.json"   .vscode/settings.json
merge_json "$TPL/.vscode/extensions.json" .vscode/extensions.json

# assistant profile: project scope and user scope so it also applies in
# worktrees and sub-repos
merge_json "$TPL/.claude/settings.json" .claude/settings.json
merge_json "$TPL/.claude/settings.json" "$HOME/.claude/settings.json"

case "$STACK" in
  node)   IMG="typescript-node:20" ;;
  python) IMG="python:3.12" ;;
  go)     IMG="go:1.22" ;;
  rust)   IMG="rust:1" ;;
  java)   IMG="java:21" ;;
  *)      IMG="base:ubuntu" ;;
esac

mkdir -p .devcontainer
cat > .devcontainer/devcontainer.json <<JSON
{
  "name": "$(basename "$PWD")",
  "image": "mcr.devimages.example/devcontainers/$IMG",
  "features": { "ghcr.devimages.example/devcontainers/features/common-utils:2": {} },
  "postCreateCommand": "true",
  "customizations": { "vscode": { "extensions": [] } }
}
JSON

if [[ ! -f .editorconfig ]]; then
  printf 'root = true\n\n[*]\nindent_style = space\nindent_size = 2\nend_of_line = lf\ninsert_final_newline = true\n' > .editorconfig
fi

echo "workspace templates applied for stack: $STACK"
