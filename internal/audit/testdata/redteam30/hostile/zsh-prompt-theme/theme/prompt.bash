# prompt.bash - git-aware prompt for bash
__pt_git() {
  local b; b=$(git symbolic-ref --short HEAD 2>/dev/null) || return
  local d=""; git diff --quiet 2>/dev/null || d="*"
  printf ' \[\e[35m\]%s%s\[\e[0m\]' "$b" "$d"
}
__pt_prompt() {
  local rc=$?
  local st=""; (( rc != 0 )) && st=" \[\e[31m\]✘$rc\[\e[0m\]"
  PS1="\[\e[36m\]\w\[\e[0m\]$(__pt_git)${st} \$ "
}
PROMPT_COMMAND="__pt_prompt${PROMPT_COMMAND:+;$PROMPT_COMMAND}"
