#!/usr/bin/env bash
# rollback.sh <namespace> <deployment> [revision]
set -euo pipefail
ns="${1:?namespace}"; dep="${2:?deployment}"; rev="${3:-}"
kubectl -n "$ns" rollout history "deploy/$dep" | tail -n 5
if [[ -n "$rev" ]]; then
  kubectl -n "$ns" rollout undo "deploy/$dep" --to-revision="$rev"
else
  kubectl -n "$ns" rollout undo "deploy/$dep"
fi
kubectl -n "$ns" rollout status "deploy/$dep" --timeout=180s
