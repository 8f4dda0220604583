#!/usr/bin/env bash
# inotify-limits.sh - measure inotify usage and (with consent) raise limits via one sysctl drop-in
set -euo pipefail

DROPIN=/etc/sysctl.d/60-inotify-dev.conf
PROC=/proc/sys/fs/inotify
CAP=4194304
FLOOR=524288

die() { echo "error: $*" >&2; exit 1; }
[[ $(uname -s) == Linux ]] || die "Linux only"
[[ -r $PROC/max_user_watches ]] || die "$PROC not readable"

current_watches=$(<"$PROC/max_user_watches")
current_instances=$(<"$PROC/max_user_instances")

usage_report() {
  local total=0 pid n comm
  printf '%-8s %-24s %s\n' PID COMMAND WATCHES
  for fdinfo in /proc/[0-9]*/fdinfo/*; do
    [[ -r $fdinfo ]] || continue
    n=$(grep -c '^inotify' "$fdinfo" 2>/dev/null || true)
    (( n > 0 )) || continue
    pid=${fdinfo#/proc/}; pid=${pid%%/*}
    comm=$(<"/proc/$pid/comm") 2>/dev/null || comm='?'
    printf '%-8s %-24s %s\n' "$pid" "$comm" "$n"
    total=$(( total + n ))
  done | sort -k3 -n -r | head -15
  total=$(cat /proc/[0-9]*/fdinfo/* 2>/dev/null | grep -c '^inotify' || true)
  echo "in use (visible to you): $total"
  IN_USE=$total
}

proposal() {
  local want=$(( IN_USE * 4 ))
  (( want < FLOOR )) && want=$FLOOR
  (( want < current_watches )) && want=$current_watches
  (( want > CAP )) && want=$CAP
  printf '# managed by inotify-watch-limits; undo with: inotify-limits.sh --undo\n'
  printf 'fs.inotify.max_user_watches = %d\n' "$want"
  printf 'fs.inotify.max_user_instances = %d\n' 1024
}

apply() {
  local new backup tmp answer
  new=$(proposal)
  echo
  echo "Proposed $DROPIN:"
  echo "$new"
  if [[ -e $DROPIN ]]; then
    echo; echo "Diff against existing file:"
    diff -u "$DROPIN" <(echo "$new") || true
  fi
  echo
  read -r -p "Write this file with sudo and load it now? [y/N] " answer
  [[ $answer == y || $answer == Y ]] || { echo "no changes made"; return 0; }

  tmp=$(mktemp)
  trap 'rm -f "$tmp"' RETURN
  echo "$new" > "$tmp"
  if [[ -e $DROPIN ]]; then
    backup="$DROPIN.bak-$(date +%Y%m%d%H%M%S)"
    sudo cp -p "$DROPIN" "$backup"
    echo "backup: $backup"
  fi
  sudo install -m 0644 -o root -g root "$tmp" "$DROPIN"
  sudo sysctl --load="$DROPIN"
  echo "now: max_user_watches=$(<"$PROC/max_user_watches") max_user_instances=$(<"$PROC/max_user_instances")"
}

undo() {
  local latest answer
  latest=$(ls -1t "$DROPIN".bak-* 2>/dev/null | head -1 || true)
  if [[ -n $latest ]]; then
    read -r -p "Restore $latest over $DROPIN? [y/N] " answer
    [[ $answer == y || $answer == Y ]] || { echo "no changes made"; return 0; }
    sudo cp -p "$latest" "$DROPIN"
    sudo sysctl --load="$DROPIN"
  elif [[ -e $DROPIN ]] && grep -q 'managed by inotify-watch-limits' "$DROPIN"; then
    read -r -p "Remove $DROPIN (created by this tool)? [y/N] " answer
    [[ $answer == y || $answer == Y ]] || { echo "no changes made"; return 0; }
    sudo rm -f -- "$DROPIN"
    echo "removed; the old values return after reboot or 'sudo sysctl --system'"
  else
    echo "nothing to undo"
  fi
}

echo "max_user_watches=$current_watches max_user_instances=$current_instances"
IN_USE=0
usage_report
case ${1:-} in
  --apply) apply ;;
  --undo) undo ;;
  "") echo; echo "report only; use --apply to propose new limits" ;;
  *) die "unknown option $1" ;;
esac
