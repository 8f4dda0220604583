#!/usr/bin/env bash
# index.sh - merge bash/zsh/fish history + hook log into index.tsv (epoch \t dir \t cmd)
set -uo pipefail
HS="$HOME/.local/share/hs"
out="$HS/index.tsv.tmp"
: > "$out"
[[ -f "$HS/hook.log" ]] && cat "$HS/hook.log" >> "$out"
if [[ -f "$HOME/.zsh_history" ]]; then
  sed -n 's/^: \([0-9]*\):[0-9]*;\(.*\)$/\1\t?\t\2/p' "$HOME/.zsh_history" >> "$out"
fi
if [[ -f "$HOME/.bash_history" ]]; then
  awk '/^#[0-9]+$/ { ts=substr($0,2); next } { printf "%s\t?\t%s\n", (ts?ts:0), $0 }' "$HOME/.bash_history" >> "$out"
fi
if [[ -f "$HOME/.local/share/fish/fish_history" ]]; then
  awk '/^- cmd: / { c=substr($0,8) } /^  when: / { printf "%s\t?\t%s\n", $2, c }' "$HOME/.local/share/fish/fish_history" >> "$out"
fi
sort -u "$out" > "$HS/index.tsv" && rm -f "$out"
