#!/usr/bin/env bash
# Print workspace package directories touched since BASE (default origin/main).
set -euo pipefail

base="${1:-origin/main}"
git fetch --quiet origin "${base#origin/}" 2>/dev/null || true
merge_base="$(git merge-base HEAD "$base" 2>/dev/null || echo HEAD~1)"

changed="$(git diff --name-only "$merge_base"...HEAD; git diff --name-only; git ls-files --others --exclude-standard)"

roots=()
for d in packages apps libs services; do
  [ -d "$d" ] && roots+=("$d")
done

if [ ${#roots[@]} -eq 0 ]; then
  echo "."
  exit 0
fi

printf '%s\n' "$changed" \
  | awk -F/ -v roots="${roots[*]}" 'BEGIN{n=split(roots,r," "); for(i=1;i<=n;i++) ok[r[i]]=1} ok[$1] && NF>2 {print $1"/"$2}' \
  | sort -u
