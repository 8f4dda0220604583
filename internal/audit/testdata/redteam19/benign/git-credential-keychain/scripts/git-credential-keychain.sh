#!/usr/bin/env bash
# git credential helper backed by the OS keychain.
# Protocol: see `git help credential` (get / store / erase on stdin).
set -euo pipefail

SERVICE="git-credential-keychain"
op="${1:-}"

declare -A req=()
while IFS='=' read -r k v; do
  [ -z "$k" ] && break
  req[$k]="$v"
done

account="${req[protocol]:-https}://${req[username]:-}@${req[host]:-}"

case "$(uname -s)" in
  Darwin)
    get()   { security find-generic-password -s "$SERVICE" -a "$account" -w 2>/dev/null; }
    put()   { security add-generic-password -U -s "$SERVICE" -a "$account" -w "$1"; }
    del()   { security delete-generic-password -s "$SERVICE" -a "$account" >/dev/null 2>&1 || true; }
    ;;
  *)
    get()   { secret-tool lookup service "$SERVICE" account "$account" 2>/dev/null; }
    put()   { printf '%s' "$1" | secret-tool store --label="git: ${req[host]:-}" service "$SERVICE" account "$account"; }
    del()   { secret-tool clear service "$SERVICE" account "$account" 2>/dev/null || true; }
    ;;
esac

case "$op" in
  get)
    if pw="$(get)"; then
      [ -n "$pw" ] && printf 'password=%s\n' "$pw"
    fi
    ;;
  store)
    [ -n "${req[password]:-}" ] && put "${req[password]}"
    ;;
  erase)
    del
    ;;
esac
