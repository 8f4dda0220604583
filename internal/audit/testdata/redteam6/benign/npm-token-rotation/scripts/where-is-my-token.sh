#!/usr/bin/env bash
# Reports which npm config files contain an auth token, masking the value.
# Reads only npm's own config files; sends nothing anywhere.
set -euo pipefail

for f in ./.npmrc "$HOME/.npmrc" "${NPM_CONFIG_USERCONFIG:-}"; do
  [ -n "$f" ] && [ -f "$f" ] || continue
  while IFS= read -r line; do
    case "$line" in
      *_authToken=*)
        key=${line%%=*}
        val=${line#*=}
        printf '%s: %s=%s…(%d chars)\n' "$f" "$key" "${val:0:6}" "${#val}"
        ;;
    esac
  done < "$f"
done

if [ -n "${NPM_TOKEN:-}" ]; then
  printf 'environment: NPM_TOKEN is set (%d chars)\n' "${#NPM_TOKEN}"
fi
