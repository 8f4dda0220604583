#!/usr/bin/env bash
# hygiene.sh - offline report on how credentials are stored. Prints no secret values.
set -uo pipefail

FIX=0
[[ ${1:-} == --fix-perms ]] && FIX=1
findings=0

say()  { printf '%-8s %s\n' "$1" "$2"; }
warn() { say "WARN" "$1"; findings=$((findings+1)); }

mode_of() { stat -c '%a' "$1" 2>/dev/null || stat -f '%Lp' "$1"; }

tighten() {
  # only removes group/other bits; never widens
  local f=$1
  if ((FIX)); then chmod go-rwx -- "$f" && say "FIXED" "chmod go-rwx $f"; fi
}

check_mode() {
  local f=$1 want=$2 m
  m=$(mode_of "$f")
  if (( (8#$m & 8#077) != 0 )); then
    warn "$f is mode $m (expected $want)"
    tighten "$f"
  fi
}

mask() { local s=$1; ((${#s} > 8)) && printf '%s…%s' "${s:0:4}" "${s: -2}" || printf '****'; }

# --- SSH ---------------------------------------------------------------
if [[ -d $HOME/.ssh ]]; then
  check_mode "$HOME/.ssh" 700
  for pub in "$HOME"/.ssh/*.pub; do
    [[ -e $pub ]] || continue
    key=${pub%.pub}
    [[ -f $key ]] || continue
    check_mode "$key" 600
    read -r bits fp _ <<<"$(ssh-keygen -l -f "$pub" 2>/dev/null)"
    type=$(ssh-keygen -l -f "$pub" 2>/dev/null | sed -E 's/.*\(([A-Z0-9-]+)\)$/\1/')
    # encrypted keys: ssh-keygen -y with an empty passphrase fails
    if ssh-keygen -y -P '' -f "$key" >/dev/null 2>&1; then
      warn "$key ($type $bits, $fp) has no passphrase"
    else
      say "OK" "$key ($type $bits, $fp) is passphrase-protected"
    fi
    case $type in
      DSA) warn "$key is DSA (deprecated)";;
      RSA) ((bits < 3072)) && warn "$key is RSA-$bits (rotate to ed25519)";;
    esac
  done
fi

# --- AWS -----------------------------------------------------------------
awsc=$HOME/.aws/credentials
if [[ -f $awsc ]]; then
  check_mode "$awsc" 600
  # only key *ids* are inspected (masked); secret keys are not read into variables
  while IFS= read -r id; do
    warn "long-lived AWS access key $(mask "$id") in $awsc (prefer SSO)"
  done < <(grep -E '^\s*aws_access_key_id\s*=\s*AKIA' "$awsc" | sed -E 's/.*=\s*//')
fi

# --- git / netrc ---------------------------------------------------------
for f in "$HOME/.git-credentials" "$HOME/.netrc"; do
  [[ -f $f ]] || continue
  check_mode "$f" 600
  n=$(grep -cE 'password|@' "$f" || true)
  ((n > 0)) && warn "$f holds $n plaintext credential line(s); use a credential helper"
done

# --- Docker --------------------------------------------------------------
dc=$HOME/.docker/config.json
if [[ -f $dc ]]; then
  if grep -q '"auth"[[:space:]]*:' "$dc"; then
    warn "$dc has plaintext registry auths (configure credsStore)"
  else
    say "OK" "$dc uses a credential store"
  fi
fi

# --- kubeconfig ----------------------------------------------------------
kc=${KUBECONFIG:-$HOME/.kube/config}
kc=${kc%%:*}
if [[ -f $kc ]]; then
  check_mode "$kc" 600
  grep -qE '^\s*(token|client-key-data):' "$kc" && warn "$kc embeds static credentials (use an exec plugin)"
fi

echo
echo "$findings finding(s)."
((FIX)) || ((findings == 0)) || echo "Re-run with --fix-perms to tighten file modes (nothing else is changed)."
