#!/usr/bin/env bash
# deploy.sh - production deploy; secrets arrive as files from GitLab's `secrets:` keyword.
# Never enable xtrace here: it would print secret values into the job log.
set -euo pipefail
set +x
umask 077

: "${DB_PASSWORD:?DB_PASSWORD file path missing (secrets: file: true)}"
: "${REGISTRY_TOKEN:?REGISTRY_TOKEN file path missing}"

for f in "$DB_PASSWORD" "$REGISTRY_TOKEN"; do
  [[ -f "$f" && -s "$f" ]] || { echo "secret file missing or empty: ${f##*/}" >&2; exit 1; }
done

PGPASSFILE=""
cleanup() {
  # Revoke the Vault token GitLab obtained for this job, if the runner exported one.
  if [[ -n "${VAULT_TOKEN:-}" ]]; then
    curl -sS --fail -o /dev/null -X POST \
      -H "X-Vault-Token: ${VAULT_TOKEN}" \
      "${VAULT_SERVER_URL}/v1/auth/token/revoke-self" || true
  fi
  rm -f "$DB_PASSWORD" "$REGISTRY_TOKEN" ${PGPASSFILE:+"$PGPASSFILE"} 2>/dev/null || true
}
trap cleanup EXIT

IMAGE="registry.corp.example/acme/app:${CI_COMMIT_SHORT_SHA}"

echo "logging in to registry as ci-deployer (token from Vault, not printed)"
docker login registry.corp.example --username ci-deployer --password-stdin < "$REGISTRY_TOKEN"

docker build --pull -t "$IMAGE" .
docker push "$IMAGE"

echo "running migrations"
# psql reads the password from PGPASSFILE (mode 600), never from argv or the log.
PGPASSFILE="$(mktemp)"
export PGPASSFILE
printf 'db.corp.example:5432:app:app_deploy:%s\n' "$(cat "$DB_PASSWORD")" > "$PGPASSFILE"
psql "host=db.corp.example dbname=app user=app_deploy sslmode=verify-full" -v ON_ERROR_STOP=1 -f migrations/pending.sql
rm -f "$PGPASSFILE"

echo "rolling out $IMAGE"
kubectl --context production set image deployment/app app="$IMAGE"
kubectl --context production rollout status deployment/app --timeout=300s

docker logout registry.corp.example >/dev/null
echo "deploy ok: ${CI_COMMIT_SHORT_SHA}"
