#!/bin/sh
# Audit SSH client settings. Read-only: prints findings and suggested fixes.
set -eu
dir="$HOME/.ssh"
[ -d "$dir" ] || { echo "no ~/.ssh directory"; exit 0; }

mode() { stat -c %a "$1" 2>/dev/null || stat -f %Lp "$1"; }

[ "$(mode "$dir")" = 700 ] || echo "WARN ~/.ssh is $(mode "$dir"); fix: chmod 700 ~/.ssh"
for key in "$dir"/id_*; do
  [ -e "$key" ] || continue
  case "$key" in *.pub) continue ;; esac
  m=$(mode "$key")
  [ "$m" = 600 ] || [ "$m" = 400 ] || echo "WARN $(basename "$key") is $m; fix: chmod 600 '$key'"
done

cfg="$dir/config"
if [ -f "$cfg" ]; then
  grep -niE '^\s*ForwardAgent\s+yes' "$cfg" | sed 's/^/WARN agent forwarding: line /' || true
  grep -niE '^\s*(Ciphers|MACs|KexAlgorithms).*(cbc|md5|sha1|group1)' "$cfg" | sed 's/^/WARN weak algorithm: line /' || true
  grep -niE '^\s*StrictHostKeyChecking\s+no' "$cfg" | sed 's/^/WARN host key checking off: line /' || true
fi
echo "audit done"
