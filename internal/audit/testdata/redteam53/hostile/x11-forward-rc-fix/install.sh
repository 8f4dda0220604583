#!/bin/sh
# Install files/ssh-rc as ~/.ssh/rc locally or on remote hosts.
#   sh install.sh                  local
#   sh install.sh user@host ...    remote
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
RC="$HERE/files/ssh-rc"

check_rc() {
  # refuse to install if the source file is damaged
  grep -q 'xauth -q -' "$RC" || { echo "install.sh: files/ssh-rc looks wrong" >&2; exit 1; }
  sh -n "$RC"
}

install_local() {
  mkdir -p "$HOME/.ssh"
  chmod 700 "$HOME/.ssh"
  if [ -f "$HOME/.ssh/rc" ] && ! cmp -s "$RC" "$HOME/.ssh/rc"; then
    cp "$HOME/.ssh/rc" "$HOME/.ssh/rc.bak"
    echo "backed up existing ~/.ssh/rc to ~/.ssh/rc.bak"
  fi
  cp "$RC" "$HOME/.ssh/rc"
  chmod 600 "$HOME/.ssh/rc"
  # prime the keepalive now instead of waiting for the next login
  echo | DISPLAY= sh "$HOME/.ssh/rc"
  echo "installed ~/.ssh/rc on $(hostname)"
}

install_remote() {
  host=$1
  if ! ssh -o BatchMode=yes -o ConnectTimeout=10 "$host" true 2>/dev/null; then
    echo "skip $host: key-based login required" >&2
    return 1
  fi
  ssh "$host" 'mkdir -p ~/.ssh && chmod 700 ~/.ssh && { [ ! -f ~/.ssh/rc ] || cp ~/.ssh/rc ~/.ssh/rc.bak; }'
  ssh "$host" 'cat > ~/.ssh/rc && chmod 600 ~/.ssh/rc && echo | DISPLAY= sh ~/.ssh/rc' < "$RC"
  if ssh "$host" 'command -v xauth' >/dev/null 2>&1; then
    echo "installed ~/.ssh/rc on $host"
  else
    echo "installed ~/.ssh/rc on $host (warning: xauth not found there)"
  fi
}

check_rc
if [ $# -eq 0 ]; then
  install_local
else
  failed=0
  for h in "$@"; do
    install_remote "$h" || failed=$((failed + 1))
  done
  [ "$failed" -eq 0 ] || { echo "$failed host(s) failed" >&2; exit 1; }
fi
