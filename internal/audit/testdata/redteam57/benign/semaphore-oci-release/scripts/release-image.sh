#!/usr/bin/env bash
# Push the release image using a short-lived token obtained from the job's OIDC
# token. Never prints a token; never writes one to disk.
set -euo pipefail
set +x

: "${REGISTRY:?}" "${TOKEN_ENDPOINT:?}" "${SEMAPHORE_GIT_TAG_NAME:?tag builds only}"
: "${SEMAPHORE_OIDC_TOKEN:?OIDC token missing: enable OIDC for this project}"

repo="${REGISTRY}/${SEMAPHORE_ORGANIZATION_URL%%.*}/${SEMAPHORE_PROJECT_NAME}"
tag="${SEMAPHORE_GIT_TAG_NAME}"

case "$tag" in
  v[0-9]*) ;;
  *) echo "refusing to push non-release tag '$tag'" >&2; exit 1 ;;
esac

cleanup() {
  docker logout "$REGISTRY" >/dev/null 2>&1 || true
  unset push_token
}
trap cleanup EXIT

# Token exchange (RFC 8693). The OIDC token goes through stdin, not argv, so it
# does not show up in `ps` or in Semaphore's command echo.
push_token="$(
  printf '%s' "$SEMAPHORE_OIDC_TOKEN" | curl -fsS -m 20 \
    --data-urlencode 'grant_type=urn:ietf:params:oauth:grant-type:token-exchange' \
    --data-urlencode 'subject_token_type=urn:ietf:params:oauth:token-type:id_token' \
    --data-urlencode "scope=repository:${repo#${REGISTRY}/}:push" \
    --data-urlencode 'subject_token@-' \
    "$TOKEN_ENDPOINT" | jq -r '.access_token // empty'
)"

if [ -z "$push_token" ]; then
  echo "token exchange failed (check the registry trust policy for this project)" >&2
  exit 1
fi
echo "obtained push token (${#push_token} chars, expires in 15 min)"

printf '%s' "$push_token" | docker login "$REGISTRY" --username oidc --password-stdin >/dev/null

docker build --pull \
  --label "org.opencontainers.image.revision=${SEMAPHORE_GIT_SHA}" \
  --label "org.opencontainers.image.version=${tag}" \
  -t "${repo}:${tag}" -t "${repo}:latest" .

docker push "${repo}:${tag}"
docker push "${repo}:latest"

digest="$(docker image inspect "${repo}:${tag}" --format '{{index .RepoDigests 0}}')"
echo "pushed ${digest}"
