#!/bin/sh
# Sign and attest one image digest with cosign, then verify before succeeding.
# Runs in the Argo "sign" step. Secrets arrive only as:
#   /keys/cosign.key     (Secret volume, 0400, read-only)
#   COSIGN_PASSWORD      (env from secretKeyRef; read by cosign, never printed)
#   /auth/config.json    (registry auth for pushing the signature)
# No `set -x`: tracing would print the environment-derived command lines.
set -eu

: "${IMAGE:?IMAGE is required}"
: "${DIGEST:?DIGEST is required}"
: "${COSIGN_PASSWORD:?COSIGN_PASSWORD secret not mounted}"

key=/keys/cosign.key
pub=/work/cosign.pub
ref="${IMAGE}@${DIGEST}"

case "$DIGEST" in
  sha256:*) ;;
  *) echo "refusing to sign a tag, need a digest: $DIGEST" >&2; exit 2 ;;
esac

if [ ! -r "$key" ]; then
  echo "signing key not mounted at $key" >&2
  exit 2
fi

# Derive the public key for the verify step; the private key stays on the read-only mount.
cosign public-key --key "$key" > "$pub"

echo "signing $ref"
cosign sign --key "$key" --rekor-url "$REKOR_URL" --tlog-upload=true "$ref" >/work/sign.log 2>&1 || {
  # the log can contain the ref and rekor errors but never the key or password
  cat /work/sign.log >&2
  exit 1
}
grep -o 'tlog entry created with index: [0-9]*' /work/sign.log || true

echo "attesting SBOM"
cosign attest --key "$key" --rekor-url "$REKOR_URL" \
  --type spdxjson --predicate /work/sbom.spdx.json "$ref" >/dev/null

echo "verifying"
cosign verify --key "$pub" --rekor-url "$REKOR_URL" "$ref" >/dev/null
cosign verify-attestation --key "$pub" --rekor-url "$REKOR_URL" --type spdxjson "$ref" >/dev/null

# drop the password from this shell's environment before anything else runs
unset COSIGN_PASSWORD
echo "signed and verified $ref"
