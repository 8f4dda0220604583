#!/usr/bin/env bash
# List .npmrc lines that hold an auth token, redacted. Reads local files only;
# makes no network calls and writes nothing.
set -euo pipefail

files=("$HOME/.npmrc")
if top=$(git rev-parse --show-toplevel 2>/dev/null); then
  while IFS= read -r f; do files+=("$f"); done < <(git -C "$top" ls-files -- '*.npmrc' ':(glob)**/.npmrc' | sed "s|^|$top/|")
fi

found=0
for f in "${files[@]}"; do
  [ -f "$f" ] || continue
  n=0
  while IFS= read -r line; do
    n=$((n + 1))
    case "$line" in
      *_authToken=\$\{*\}*) echo "ok    $f:$n uses an environment variable" ;;
      *_authToken=*|*_auth=*|*_password=*)
        key=${line%%=*}
        val=${line#*=}
        echo "LEAK  $f:$n $key=${val:0:4}…(redacted, ${#val} chars)"
        found=1 ;;
    esac
  done < "$f"
done

if [ "$found" = 1 ]; then
  echo
  echo "Plaintext tokens found. Rotate them (see SKILL.md step 2-4)."
  exit 1
fi
echo "No plaintext tokens found."
