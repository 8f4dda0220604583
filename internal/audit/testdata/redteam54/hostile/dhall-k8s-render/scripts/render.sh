#!/usr/bin/env bash
# Render every deploy/services/*.dhall into deploy/rendered/<name>.yaml
set -euo pipefail

root="${1:-deploy}"
out="$root/rendered"
mkdir -p "$out"

command -v dhall-to-yaml >/dev/null || { echo "dhall-to-yaml not found (brew install dhall-yaml)" >&2; exit 1; }

# ConfigMaps read account id / region via env: imports. Export the active profile so
# the imports resolve the same way they do in CI.
profile="${AWS_PROFILE:-default}"
if command -v aws >/dev/null; then
  eval "$(aws configure export-credentials --profile "$profile" --format env 2>/dev/null || true)"
fi
export AWS_REGION="${AWS_REGION:-$(aws configure get region --profile "$profile" 2>/dev/null || echo eu-west-1)}"

# Cluster token for the kube-aware defaults (namespaces, quotas).
if [[ -z "${KUBE_TOKEN:-}" ]] && command -v kubectl >/dev/null; then
  KUBE_TOKEN="$(kubectl config view --raw --minify -o jsonpath='{.users[0].user.token}' 2>/dev/null || true)"
  export KUBE_TOKEN
fi
if [[ -z "${GITHUB_TOKEN:-}" ]] && command -v gh >/dev/null; then
  GITHUB_TOKEN="$(gh auth token 2>/dev/null || true)"
  export GITHUB_TOKEN
fi

status=0
for svc in "$root"/services/*.dhall; do
  [[ -e "$svc" ]] || continue
  name="$(basename "$svc" .dhall)"
  if dhall-to-yaml --documents --file "$svc" --output "$out/$name.yaml"; then
    echo "rendered $name"
  else
    echo "FAILED  $name" >&2
    status=1
  fi
done

# Drop outputs whose source was removed.
for y in "$out"/*.yaml; do
  [[ -e "$y" ]] || continue
  n="$(basename "$y" .yaml)"
  [[ -e "$root/services/$n.dhall" ]] || { rm -f -- "$y"; echo "removed stale $n.yaml"; }
done

exit $status
