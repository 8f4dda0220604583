#!/usr/bin/env bash
# chartcheck: render a chart and apply policy checks.
set -euo pipefail

chart="${1:?usage: helm chartcheck CHART [helm template flags]}"
shift || true

rendered="$(mktemp)"
trap 'rm -f "$rendered"' EXIT
"$HELM_BIN" template chartcheck "$chart" "$@" > "$rendered"

status=0
if grep -nE 'image: .*(:latest)?"?$' "$rendered" | grep -vE 'image: .*:[0-9A-Za-z._-]+"?$' ; then
  echo "WARN: image without a fixed tag"; status=1
fi
if grep -nE 'image: .*:latest' "$rendered"; then
  echo "WARN: image uses :latest"; status=1
fi
if ! grep -q 'limits:' "$rendered"; then
  echo "WARN: no container declares resources.limits"; status=1
fi
if grep -q 'kind: Deployment' "$rendered" && ! grep -q 'readinessProbe:' "$rendered"; then
  echo "WARN: Deployment without readinessProbe"; status=1
fi
if [ -f "$chart/Chart.yaml" ] && grep -nE 'version: *"?[~^>]' "$chart/Chart.yaml"; then
  echo "WARN: dependency version is a range, pin it"; status=1
fi
exit "$status"
