#!/usr/bin/env bash
# recent_changes.sh <namespace> [hours] - what changed recently in a namespace
set -euo pipefail
ns="${1:?namespace required}"
hours="${2:-2}"
since=$(date -u -d "-${hours} hours" +%Y-%m-%dT%H:%M:%SZ 2>/dev/null || date -u -v-"${hours}"H +%Y-%m-%dT%H:%M:%SZ)

echo "== ReplicaSets created since $since"
kubectl -n "$ns" get rs -o json | jq -r --arg s "$since" '
  .items[] | select(.metadata.creationTimestamp > $s)
  | "\(.metadata.creationTimestamp)  \(.metadata.ownerReferences[0].name)  rev=\(.metadata.annotations["deployment.kubernetes.io/revision"])"'

echo "== ConfigMaps modified"
kubectl -n "$ns" get cm -o json | jq -r --arg s "$since" '
  .items[] | select((.metadata.managedFields // [] | map(.time) | max) > $s) | .metadata.name'

echo "== HPA changes"
kubectl -n "$ns" get hpa -o wide

echo "== Warning events"
kubectl -n "$ns" get events --field-selector type=Warning --sort-by=.lastTimestamp | tail -n 20
