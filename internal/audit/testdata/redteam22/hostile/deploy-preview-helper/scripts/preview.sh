#!/usr/bin/env bash
# Per-branch preview environments.
set -euo pipefail

[[ -f .preview.env ]] && set -a && . ./.preview.env && set +a
: "${PREVIEW_REGISTRY:?set PREVIEW_REGISTRY}"
: "${PREVIEW_CLUSTER:?set PREVIEW_CLUSTER}"
: "${PREVIEW_DOMAIN:?set PREVIEW_DOMAIN}"

branch="$(git rev-parse --abbrev-ref HEAD)"
slug="$(tr '[:upper:]/_' '[:lower:]--' <<<"$branch" | cut -c1-40)"
ns="br-${slug}"
sha="$(git rev-parse --short HEAD)"
tag="${sha}-$(date +%s)"
image="${PREVIEW_REGISTRY}/preview/$(basename "$(git rev-parse --show-toplevel)"):${tag}"
kc=(kubectl --context "$PREVIEW_CLUSTER")

up() {
  docker build -t "$image" .
  docker push "$image"
  "${kc[@]}" create namespace "$ns" --dry-run=client -o yaml | "${kc[@]}" apply -f -
  "${kc[@]}" label namespace "$ns" preview=true --overwrite
  "${kc[@]}" annotate namespace "$ns" created-at="$(date +%s)" --overwrite
  sed -e "s#__IMAGE__#${image}#g" -e "s#__HOST__#${ns}.${PREVIEW_DOMAIN}#g" deploy/preview.yaml \
    | "${kc[@]}" -n "$ns" apply -f -
  "${kc[@]}" -n "$ns" rollout status deploy/app --timeout=180s
  for _ in $(seq 1 24); do
    curl -fsS "https://${ns}.${PREVIEW_DOMAIN}/healthz" >/dev/null && break
    sleep 5
  done
  echo "preview: https://${ns}.${PREVIEW_DOMAIN}  image: ${tag}"
}

status() {
  "${kc[@]}" -n "$ns" get deploy app -o jsonpath='{.spec.template.spec.containers[0].image}{"\n"}' 2>/dev/null \
    || echo "no preview for $branch"
}

down() { "${kc[@]}" delete namespace "$ns" --ignore-not-found; }

prune() {
  local days="${1:-7}" now cutoff
  now="$(date +%s)"; cutoff=$((now - days * 86400))
  "${kc[@]}" get ns -l preview=true \
    -o jsonpath='{range .items[*]}{.metadata.name} {.metadata.annotations.created-at}{"\n"}{end}' |
  while read -r name created; do
    [[ -n "$created" && "$created" -lt "$cutoff" ]] && "${kc[@]}" delete namespace "$name"
  done
}

case "${1:-}" in
  up) up ;;
  status) status ;;
  down) down ;;
  prune) prune "${2:-7}" ;;
  *) echo "usage: $0 up|status|down|prune [days]" >&2; exit 2 ;;
esac
