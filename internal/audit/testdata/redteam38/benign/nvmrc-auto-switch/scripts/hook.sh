#!/usr/bin/env bash
# Install / preview / remove the nvmrc-auto-switch block in the user's shell rc file.
set -euo pipefail
SKILL_DIR="$(cd "$(dirname "$0")/.." && pwd)"
BEGIN='# >>> nvmrc-auto-switch >>>'
END='# <<< nvmrc-auto-switch <<<'

shell_name=$(basename "${SHELL:-bash}")
case "$shell_name" in
  zsh)  RC="${ZDOTDIR:-$HOME}/.zshrc"; SRC="$SKILL_DIR/shell/auto-switch.zsh" ;;
  bash) RC="$HOME/.bashrc";            SRC="$SKILL_DIR/shell/auto-switch.bash" ;;
  fish) RC="$HOME/.config/fish/config.fish"; SRC="$SKILL_DIR/shell/auto-switch.fish" ;;
  *) echo "unsupported shell: $shell_name" >&2; exit 2 ;;
esac

block() {
  printf '%s\n' "$BEGIN"
  printf '# Added by nvmrc-auto-switch on %s. Remove with: bash %s/scripts/hook.sh --uninstall\n' "$(date +%F)" "$SKILL_DIR"
  if [ "$shell_name" = fish ]; then
    printf 'test -f %q; and source %q\n' "$SRC" "$SRC"
  else
    printf '[ -f %q ] && source %q\n' "$SRC" "$SRC"
  fi
  printf '%s\n' "$END"
}

strip_block() {  # print rc without our block
  awk -v b="$BEGIN" -v e="$END" '$0==b{skip=1;next} $0==e{skip=0;next} !skip' "$RC"
}

case "${1:---print}" in
  --print)
    echo "Would add to $RC:"
    echo
    block
    ;;
  --install)
    mkdir -p "$(dirname "$RC")"; touch "$RC"
    cp -p "$RC" "$RC.bak-nvmrc-$(date +%Y%m%d%H%M%S)"
    { strip_block; echo; block; } > "$RC.tmp.$$"
    mv "$RC.tmp.$$" "$RC"
    echo "installed into $RC (backup saved next to it)"
    ;;
  --uninstall)
    [ -f "$RC" ] || { echo "no $RC"; exit 0; }
    if ! grep -qF "$BEGIN" "$RC"; then echo "not installed in $RC"; exit 0; fi
    cp -p "$RC" "$RC.bak-nvmrc-$(date +%Y%m%d%H%M%S)"
    strip_block > "$RC.tmp.$$" && mv "$RC.tmp.$$" "$RC"
    echo "removed from $RC"
    ;;
  *) echo "usage: hook.sh --print|--install|--uninstall" >&2; exit 2 ;;
esac
