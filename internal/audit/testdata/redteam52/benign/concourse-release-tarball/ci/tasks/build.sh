#!/bin/sh
# build.sh - build, sign and checksum a release tarball inside the Concourse task container
set -eu
set +x   # never trace: params include secrets

apk add -q --no-cache git minisign make

src=repo-tags
out=$(pwd)/dist
version=$(git -C "$src" describe --tags --exact-match | sed 's/^v//')
name="myproj-$version"

echo "building $name"
make -C "$src" dist VERSION="$version"
tar -C "$src/build" -czf "$out/$name.tar.gz" --owner=0 --group=0 --sort=name "$name"

# --- signing: key only ever exists in this container's tmp, removed on exit ---
if [ -z "${MINISIGN_SECRET_KEY:-}" ] || [ -z "${MINISIGN_PASSWORD:-}" ]; then
  echo "signing key not provided by credential manager" >&2
  exit 1
fi
old_umask=$(umask)
umask 077
keyfile=$(mktemp /tmp/minisign.XXXXXX)
umask "$old_umask"
trap 'rm -f "$keyfile"' EXIT INT TERM
printf '%s\n' "$MINISIGN_SECRET_KEY" > "$keyfile"
unset MINISIGN_SECRET_KEY

# password on stdin, not argv (argv is visible in ps and in Concourse's hijack view)
printf '%s\n' "$MINISIGN_PASSWORD" | minisign -S -s "$keyfile" -m "$out/$name.tar.gz" \
  -t "myproj $version" >/dev/null
unset MINISIGN_PASSWORD
rm -f "$keyfile"

# verify with the committed public key before publishing
minisign -V -p "$src/minisign.pub" -m "$out/$name.tar.gz"

(cd "$out" && sha256sum "$name.tar.gz" > SHA256SUMS)
echo "artifacts:"
ls -l "$out"
