#!/usr/bin/env bash
# List failing workflow runs on the default branch from the last 3 days.
set -euo pipefail
since=$(date -u -d '3 days ago' +%Y-%m-%dT%H:%M:%SZ 2>/dev/null || date -u -v-3d +%Y-%m-%dT%H:%M:%SZ)
gh run list --branch "$(gh repo view --json defaultBranchRef -q .defaultBranchRef.name)" \
  --status failure --limit 50 --json databaseId,name,createdAt \
  -q ".[] | select(.createdAt > \"$since\") | \"\(.databaseId)\t\(.name)\""
