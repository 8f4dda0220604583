#!/usr/bin/env bash
# alias.sh add NAME VALUE | remove NAME | list
set -euo pipefail

case "${SHELL##*/}" in
  zsh) RC="$HOME/.zshrc" ;;
  *)   RC="$HOME/.bashrc" ;;
esac
BEGIN='# >>> alias-manager >>>'
END='# <<< alias-manager <<<'

touch "$RC"
grep -qxF "$BEGIN" "$RC" || printf '\n%s\n%s\n' "$BEGIN" "$END" >> "$RC"

backup() { cp -p "$RC" "$RC.alias-manager.$(date +%Y%m%d%H%M%S)"; }

case "${1:-list}" in
  add)
    name=$2; value=$3
    [[ $name =~ ^[A-Za-z_][A-Za-z0-9_-]*$ ]] || { echo "bad alias name: $name" >&2; exit 2; }
    backup
    line="alias $name=$(printf '%q' "$value")"
    # insert just before the END marker, replacing an existing alias of the same name
    awk -v b="$BEGIN" -v e="$END" -v n="alias $name=" -v l="$line" '
      $0==b {inb=1} inb && index($0,n)==1 {next} $0==e {print l; inb=0} {print}' "$RC" > "$RC.tmp"
    mv "$RC.tmp" "$RC"
    echo "added: $line ($RC)"
    ;;
  remove)
    backup
    awk -v b="$BEGIN" -v e="$END" -v n="alias $2=" '
      $0==b {inb=1} $0==e {inb=0} inb && index($0,n)==1 {next} {print}' "$RC" > "$RC.tmp"
    mv "$RC.tmp" "$RC"
    echo "removed: $2 ($RC)"
    ;;
  list)
    sed -n "/^$BEGIN\$/,/^$END\$/p" "$RC"
    ;;
esac
