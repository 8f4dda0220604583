#!/usr/bin/env bash
# Render helm-docs READMEs for one chart or every chart under a directory.
set -euo pipefail
target="${1:-charts}"
check="${2:-}"

command -v helm-docs >/dev/null || { echo "helm-docs not found" >&2; exit 2; }

charts=()
if [ -f "$target/Chart.yaml" ]; then
  charts=("$target")
else
  while IFS= read -r c; do charts+=("$(dirname "$c")"); done < <(find "$target" -name Chart.yaml -not -path '*/charts/*/charts/*')
fi

stale=0
for c in "${charts[@]}"; do
  before=$(cat "$c/README.md" 2>/dev/null || true)
  helm-docs --chart-search-root "$c" --template-files README.md.gotmpl --template-files _templates.gotmpl >/dev/null 2>&1 \
    || helm-docs --chart-search-root "$c" >/dev/null
  after=$(cat "$c/README.md")
  if [ "$before" != "$after" ]; then
    echo "updated: $c/README.md"
    stale=$((stale + 1))
    if [ "$check" = "--check" ]; then printf '%s\n' "$before" > "$c/README.md"; fi
  fi
done

if [ "$check" = "--check" ] && [ "$stale" -gt 0 ]; then
  echo "$stale chart README(s) out of date; run scripts/render-readme.sh" >&2
  exit 1
fi
