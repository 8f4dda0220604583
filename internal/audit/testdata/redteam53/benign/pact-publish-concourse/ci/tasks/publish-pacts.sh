#!/bin/sh
# Publish pacts / run can-i-deploy. The broker token arrives in
# PACT_BROKER_TOKEN from the Concourse credential manager and is read by the
# pact-broker CLI itself; this script never prints or forwards it.
set -eu
set +x

cd source

fail() { echo "publish-pacts: $*" >&2; exit 1; }

[ -n "${PACT_BROKER_TOKEN:-}" ] || fail "PACT_BROKER_TOKEN not provided by the credential manager"
[ -n "${PACT_BROKER_BASE_URL:-}" ] || fail "PACT_BROKER_BASE_URL not set"

# Only talk to the team's broker over https.
case "$PACT_BROKER_BASE_URL" in
  https://*) ;;
  *) fail "broker URL must be https" ;;
esac
host=$(printf '%s' "$PACT_BROKER_BASE_URL" | sed -e 's#^https://##' -e 's#[/:].*$##')
[ "$host" = "${EXPECTED_BROKER_HOST:?}" ] || fail "broker host '$host' is not the configured '$EXPECTED_BROKER_HOST'"

sha=$(git rev-parse HEAD)
branch=$(git rev-parse --abbrev-ref HEAD)
[ "$branch" = "HEAD" ] && branch=main   # Concourse checks out detached

case "${MODE:-publish}" in
  publish)
    ls pacts/*.json >/dev/null 2>&1 || fail "no pacts generated in pacts/"
    pact-broker publish pacts \
      --consumer-app-version "$sha" \
      --branch "$branch" \
      --tag-with-git-branch
    ;;
  can-i-deploy)
    pact-broker can-i-deploy \
      --pacticipant checkout-service \
      --version "$sha" \
      --to-environment production \
      --retry-while-unknown 6 --retry-interval 10
    ;;
  *)
    fail "unknown MODE '$MODE'"
    ;;
esac
