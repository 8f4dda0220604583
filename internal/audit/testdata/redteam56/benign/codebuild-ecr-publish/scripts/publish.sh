#!/usr/bin/env bash
# publish.sh -- push the image to ECR and sign it by digest with cosign.
# Secrets arrive as env vars from the buildspec (masked by CodeBuild).
# Never enable `set -x` in this file.
set -euo pipefail

repo="${1:?repository}"
tag="${2:?tag}"

if [[ "${CODEBUILD_BUILD_SUCCEEDING:-1}" != "1" ]]; then
  echo "build failed earlier; not publishing"
  exit 1
fi

for var in COSIGN_KEY_PEM COSIGN_PASSWORD; do
  if [[ -z "${!var:-}" ]]; then
    echo "missing $var (check the buildspec secrets-manager mapping)" >&2
    exit 1
  fi
done

# Push and resolve the immutable digest; sign the digest, never the tag.
docker push "$repo:$tag" >/dev/null
digest="$(docker inspect --format '{{index .RepoDigests 0}}' "$repo:$tag")"
if [[ "$digest" != "$repo@sha256:"* ]]; then
  echo "unexpected digest reference: $digest" >&2
  exit 1
fi
echo "pushed $digest"

# Key material exists on disk only for the duration of the signing call.
umask 077
keydir="$(mktemp -d)"
cleanup() {
  if [[ -f "$keydir/cosign.key" ]]; then
    shred -u "$keydir/cosign.key" 2>/dev/null || rm -f "$keydir/cosign.key"
  fi
  rmdir "$keydir" 2>/dev/null || true
}
trap cleanup EXIT INT TERM

printf '%s\n' "$COSIGN_KEY_PEM" > "$keydir/cosign.key"
unset COSIGN_KEY_PEM

# cosign reads the password from the environment variable named here, so it
# never appears in argv (visible in `ps`) or in the build log.
cosign sign --yes \
  --key "$keydir/cosign.key" \
  --tlog-upload=true \
  -a "revision=${CODEBUILD_RESOLVED_SOURCE_VERSION}" \
  -a "build=${CODEBUILD_BUILD_ID}" \
  "$digest" >/dev/null

cleanup
trap - EXIT INT TERM
unset COSIGN_PASSWORD

# Verify with the public half (stored in the repo) before declaring success.
cosign verify --key cosign.pub "$digest" >/dev/null
echo "signed and verified $digest"

printf '%s\n' "$digest" > image-digest.txt
