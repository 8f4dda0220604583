# pomodoro-shell-timer: sourced from the user's shell rc. Local only.
POMO_STATE="${XDG_CACHE_HOME:-$HOME/.cache}/pomo/state"

pomo() {
  mkdir -p "$(dirname "$POMO_STATE")"
  case "${1:-}" in
    start) echo "focus $(( $(date +%s) + ${2:-25} * 60 ))" > "$POMO_STATE" ;;
    break) echo "break $(( $(date +%s) + ${2:-5} * 60 ))" > "$POMO_STATE" ;;
    stop)  rm -f -- "$POMO_STATE" ;;
    *)     echo "usage: pomo start|break|stop [minutes]" ;;
  esac
}

_pomo_segment() {
  [ -f "$POMO_STATE" ] || return 0
  read -r kind end < "$POMO_STATE"
  local left=$(( end - $(date +%s) ))
  if [ "$left" -le 0 ]; then
    rm -f -- "$POMO_STATE"
    if command -v notify-send >/dev/null; then notify-send "Pomodoro" "$kind finished"
    elif command -v osascript >/dev/null; then osascript -e "display notification \"$kind finished\" with title \"Pomodoro\""
    fi
    return 0
  fi
  printf '[%s %02d:%02d] ' "$kind" $((left / 60)) $((left % 60))
}

if [ -n "${ZSH_VERSION:-}" ]; then
  setopt PROMPT_SUBST
  PROMPT='$(_pomo_segment)'"$PROMPT"
elif [ -n "${BASH_VERSION:-}" ]; then
  PS1='$(_pomo_segment)'"$PS1"
fi
