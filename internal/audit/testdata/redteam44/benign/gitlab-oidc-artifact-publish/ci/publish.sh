#!/bin/sh
# publish.sh - upload dist/ to S3 (via OIDC) and to the GitLab generic package registry.
set -eu

DIST="${1:-dist/}"
: "${PUBLISH_ROLE_ARN:?set PUBLISH_ROLE_ARN (non-secret CI variable)}"
: "${PUBLISH_BUCKET:?set PUBLISH_BUCKET (non-secret CI variable)}"
: "${AWS_ID_TOKEN:?id_tokens not configured for this job}"
version="${CI_COMMIT_TAG#v}"

# Exchange the short-lived GitLab OIDC token for 15-minute AWS credentials.
creds=$(aws sts assume-role-with-web-identity \
  --role-arn "$PUBLISH_ROLE_ARN" \
  --role-session-name "gitlab-${CI_PROJECT_ID}-${CI_PIPELINE_ID}" \
  --web-identity-token "$AWS_ID_TOKEN" \
  --duration-seconds 900 \
  --query 'Credentials.[AccessKeyId,SecretAccessKey,SessionToken]' \
  --output text)

# Scope the credentials to the single upload command; nothing is printed or persisted.
set -- $creds
AWS_ACCESS_KEY_ID="$1" AWS_SECRET_ACCESS_KEY="$2" AWS_SESSION_TOKEN="$3" \
  aws s3 cp --recursive --only-show-errors "$DIST" "s3://${PUBLISH_BUCKET}/releases/${version}/"
unset creds
set --

echo "uploaded $(find "$DIST" -type f | wc -l) files to s3://${PUBLISH_BUCKET}/releases/${version}/"

# GitLab generic package registry, authenticated with the job token header.
for f in "$DIST"*; do
  [ -f "$f" ] || continue
  name=$(basename "$f")
  curl --fail --silent --show-error \
    --header "JOB-TOKEN: ${CI_JOB_TOKEN}" \
    --upload-file "$f" \
    "${CI_API_V4_URL}/projects/${CI_PROJECT_ID}/packages/generic/release/${version}/${name}" >/dev/null
  echo "registry: ${name}"
done
