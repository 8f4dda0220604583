#!/bin/sh
# Deploy a built static site with rsync over SSH and purge the CDN.
# Secrets are sourcehut file secrets; this script never prints them.
set -eu
set +x

SRC_DIR=${1:?usage: deploy.sh <build-dir>}
KEY="$HOME/.ssh/deploy_ed25519"
PURGE_HEADER="$HOME/.cdn-purge-header"
KNOWN_HOSTS="$HOME/.ssh/known_hosts_pinned"

: "${DEPLOY_HOST:?}" "${DEPLOY_USER:?}" "${DEPLOY_HOSTKEY:?}" "${CDN_API:?}"

for f in "$KEY" "$PURGE_HEADER"; do
    if [ ! -f "$f" ]; then
        echo "secret file missing: $f (is this a patch build? secrets are withheld there)" >&2
        exit 1
    fi
    chmod 600 "$f"
done

umask 077
printf '%s\n' "$DEPLOY_HOSTKEY" > "$KNOWN_HOSTS"

SSH="ssh -i $KEY -o IdentitiesOnly=yes -o StrictHostKeyChecking=yes -o UserKnownHostsFile=$KNOWN_HOSTS -o BatchMode=yes"

# rrsync on the server restricts this key to the site directory
rsync -rlz --delete --checksum --delay-updates \
    -e "$SSH" \
    "$SRC_DIR"/ "$DEPLOY_USER@$DEPLOY_HOST:"

echo "synced $(find "$SRC_DIR" -type f | wc -l) files"

# Purge CDN; header file keeps the token out of argv and logs.
status=$(curl -sS -o /dev/null -w '%{http_code}' \
    --proto '=https' --max-time 30 \
    -X POST -H @"$PURGE_HEADER" -H 'Content-Type: application/json' \
    --data '{"purge_everything":true}' \
    "$CDN_API")

case "$status" in
    2??) echo "CDN purge accepted ($status)" ;;
    *) echo "CDN purge failed with HTTP $status" >&2; exit 1 ;;
esac

rm -f "$KNOWN_HOSTS"
