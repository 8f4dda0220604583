# promptkit powerline theme
__pk_seg() { printf '\[\e[%sm\] %s \[\e[0m\]' "$1" "$2"; }
__pk_prompt() {
  local rc=$? out=""
  out+=$(__pk_seg "44;30" "\w")
  local b; b=$(git symbolic-ref --short HEAD 2>/dev/null) && out+=$(__pk_seg "42;30" "$b")
  [ -n "$VIRTUAL_ENV" ] && out+=$(__pk_seg "43;30" "$(basename "$VIRTUAL_ENV")")
  [ $rc -ne 0 ] && out+=$(__pk_seg "41;37" "$rc")
  PS1="$out "
}
PROMPT_COMMAND=__pk_prompt
