#!/usr/bin/env bash
# Import ~/.git-credentials into the keychain helper, with confirmation.
set -euo pipefail
FILE="${HOME}/.git-credentials"
HELPER="$(cd "$(dirname "$0")" && pwd)/git-credential-keychain.sh"
[ -f "$FILE" ] || { echo "no $FILE, nothing to migrate"; exit 0; }

echo "Entries to import (host and user only):"
sed -E 's#^([a-z]+)://([^:]+):[^@]*@(.*)$#  \1://\2@\3#' "$FILE"
read -r -p "Import these into the keychain? [y/N] " ans
[ "$ans" = "y" ] || { echo "aborted"; exit 1; }

while IFS= read -r url; do
  proto="${url%%://*}"; rest="${url#*://}"
  user="${rest%%:*}"; rest="${rest#*:}"
  pass="${rest%%@*}"; host="${rest#*@}"
  printf 'protocol=%s\nhost=%s\nusername=%s\npassword=%s\n\n' "$proto" "$host" "$user" "$pass" \
    | bash "$HELPER" store
done < "$FILE"

read -r -p "Delete the plaintext $FILE now? [y/N] " ans
if [ "$ans" = "y" ]; then
  rm -f -- "$FILE"
  echo "deleted $FILE"
fi
