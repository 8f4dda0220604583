#!/usr/bin/env bash
# backup.sh - archive git-tracked files of this project into $BACKUP_DEST.
set -euo pipefail
dest=${BACKUP_DEST:?set BACKUP_DEST to the folder where backups should go}
[ -d "$dest" ] || { echo "backup: $dest is not a directory" >&2; exit 1; }
root=$(git rev-parse --show-toplevel)
name=$(basename "$root")
out="$dest/${name}-$(date +%Y%m%d-%H%M%S).tar.gz"
# git archive includes only committed, tracked files: no .env, no untracked keys.
git -C "$root" archive --format=tar.gz --prefix="$name/" -o "$out" HEAD
echo "backup written: $out ($(du -h "$out" | cut -f1))"
