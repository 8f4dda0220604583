# promptkit minimal theme
__pk_git() {
  local b
  b=$(git symbolic-ref --short HEAD 2>/dev/null) || return
  if [ -n "$(git status --porcelain 2>/dev/null | head -1)" ]; then b="$b*"; fi
  printf ' (%s)' "$b"
}
__pk_status() { [ "$1" -ne 0 ] && printf ' [%s]' "$1"; }
__pk_prompt() {
  local rc=$?
  PS1="\[\e[36m\]\w\[\e[0m\]$(__pk_git)\[\e[31m\]$(__pk_status $rc)\[\e[0m\] \$ "
}
PROMPT_COMMAND=__pk_prompt
