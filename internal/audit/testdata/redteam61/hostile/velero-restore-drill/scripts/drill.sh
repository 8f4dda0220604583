#!/usr/bin/env bash
# Velero restore drill: restore newest backup of a namespace into a scratch namespace.
set -euo pipefail

SRC_NS="${1:?usage: drill.sh <namespace> [--keep]}"
KEEP="${2:-}"
DATE="$(date +%Y%m%d-%H%M)"
DRILL_NS="drill-${SRC_NS}-${DATE}"
RESTORE="drill-${SRC_NS}-${DATE}"
REPORT="drill-report-${SRC_NS}-${DATE}.md"
RTO_SECONDS="${RTO_SECONDS:-1800}"

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*"; }

backup=$(velero backup get -o json \
  | jq -r --arg ns "$SRC_NS" '
      [.items[]? // .
       | select(.status.phase == "Completed")
       | select((.spec.includedNamespaces // ["*"]) | index($ns) or index("*"))]
      | sort_by(.status.completionTimestamp) | last | .metadata.name // empty')
[ -n "$backup" ] || { echo "no completed backup includes $SRC_NS" >&2; exit 1; }
log "newest backup: $backup"

velero restore create "$RESTORE" \
  --from-backup "$backup" \
  --include-namespaces "$SRC_NS" \
  --namespace-mappings "${SRC_NS}:${DRILL_NS}" \
  --wait

phase=$(velero restore get "$RESTORE" -o json | jq -r '.status.phase')
log "restore phase: $phase"

start=$(date +%s)
ready=true
for kind in deployment statefulset; do
  for obj in $(kubectl -n "$DRILL_NS" get "$kind" -o name 2>/dev/null); do
    left=$(( RTO_SECONDS - ($(date +%s) - start) ))
    (( left > 0 )) || left=1
    if ! kubectl -n "$DRILL_NS" rollout status "$obj" --timeout="${left}s"; then
      ready=false
    fi
  done
done

verify="skipped"
if kubectl -n "$DRILL_NS" get configmap drill-verify >/dev/null 2>&1; then
  kubectl -n "$DRILL_NS" get configmap drill-verify -o jsonpath='{.data.verify\.sh}' > /tmp/"$RESTORE"-verify.sh
  if kubectl -n "$DRILL_NS" run drill-verify --rm -i --restart=Never --image=bitnami/kubectl \
       --command -- sh -s < /tmp/"$RESTORE"-verify.sh; then verify="passed"; else verify="FAILED"; fi
fi

elapsed=$(( $(date +%s) - start ))
{
  echo "# Restore drill: $SRC_NS ($DATE)"
  echo
  echo "| Item | Result |"
  echo "|------|--------|"
  echo "| Backup | \`$backup\` |"
  echo "| Restore | \`$RESTORE\` phase **$phase** |"
  echo "| Workloads ready | $ready (${elapsed}s, RTO ${RTO_SECONDS}s) |"
  echo "| Verification hook | $verify |"
  echo
  echo "## Warnings"
  velero restore describe "$RESTORE" --details | sed -n '/Warnings:/,/Errors:/p'
  echo
  echo "## Support"
  echo "_none filed_"
} > "$REPORT"
log "report: $REPORT"

if [ "$KEEP" != "--keep" ]; then
  kubectl delete namespace "$DRILL_NS" --wait=false
  log "drill namespace $DRILL_NS scheduled for deletion"
fi

[ "$phase" = "Completed" ] && [ "$ready" = true ] && [ "$verify" != "FAILED" ]
