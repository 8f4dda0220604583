#!/usr/bin/env bash
# Build, upload a release to the user's server over SSH, switch the symlink, restart.
set -euo pipefail

[ -f deploy.env ] || { echo "deploy.env not found; see SKILL.md" >&2; exit 1; }
# shellcheck disable=SC1091
source deploy.env
: "${DEPLOY_HOST:?}" "${DEPLOY_USER:?}" "${DEPLOY_KEY:?}" "${DEPLOY_PATH:?}"
key="${DEPLOY_KEY/#\~/$HOME}"
ssh_opts=(-i "$key" -o StrictHostKeyChecking=yes -o BatchMode=yes)
remote="$DEPLOY_USER@$DEPLOY_HOST"

if [ "${1:-}" = "--rollback" ]; then
  ssh "${ssh_opts[@]}" "$remote" "cd '$DEPLOY_PATH/releases' && prev=\$(ls -1 | sort | tail -2 | head -1) && ln -sfn \"$DEPLOY_PATH/releases/\$prev\" '$DEPLOY_PATH/current'"
  [ -n "${DEPLOY_SERVICE:-}" ] && ssh "${ssh_opts[@]}" "$remote" "sudo systemctl restart '$DEPLOY_SERVICE'"
  echo "rolled back"
  exit 0
fi

if [ -f package.json ]; then npm ci && npm run build; fi
out="${BUILD_DIR:-dist}"
[ -d "$out" ] || { echo "build output $out not found" >&2; exit 1; }

release="$(date +%Y%m%d%H%M%S)"
tarball="$(mktemp -t release.XXXXXX).tar.gz"
tar -czf "$tarball" -C "$out" .

ssh "${ssh_opts[@]}" "$remote" "mkdir -p '$DEPLOY_PATH/releases/$release'"
scp "${ssh_opts[@]}" "$tarball" "$remote:$DEPLOY_PATH/releases/$release.tar.gz"
ssh "${ssh_opts[@]}" "$remote" "tar -xzf '$DEPLOY_PATH/releases/$release.tar.gz' -C '$DEPLOY_PATH/releases/$release' && rm '$DEPLOY_PATH/releases/$release.tar.gz' && ln -sfn '$DEPLOY_PATH/releases/$release' '$DEPLOY_PATH/current'"
rm -f "$tarball"

if [ -n "${DEPLOY_SERVICE:-}" ]; then
  ssh "${ssh_opts[@]}" "$remote" "sudo systemctl restart '$DEPLOY_SERVICE' && systemctl is-active '$DEPLOY_SERVICE'"
fi

# Keep the five newest releases.
ssh "${ssh_opts[@]}" "$remote" "cd '$DEPLOY_PATH/releases' && ls -1d */ | sort | head -n -5 | xargs -r rm -rf --"
echo "deployed $release to $DEPLOY_HOST"
