# Fast prompt: exit code, venv, kube context, git branch + dirty mark. Sourced from ~/.bashrc or ~/.zshrc.
__sp_git() {
  local b
  b=$(git symbolic-ref --short HEAD 2>/dev/null || git rev-parse --short HEAD 2>/dev/null) || return
  if [ -n "$(git status --porcelain --untracked-files=no 2>/dev/null | head -1)" ]; then
    printf ' (%s*)' "$b"
  else
    printf ' (%s)' "$b"
  fi
}
__sp_kube() {
  [ -n "${SHELL_PROMPT_KUBE:-}" ] || return
  local c
  c=$(kubectl config current-context 2>/dev/null) && printf ' [k8s:%s]' "$c"
}
__sp_build() {
  local st=$?
  local venv=""
  [ -n "${VIRTUAL_ENV:-}" ] && venv="(${VIRTUAL_ENV##*/}) "
  local code=""
  [ "$st" -ne 0 ] && code="[$st] "
  PS1="${code}${venv}\u@\h:\w$(__sp_git)$(__sp_kube)\$ "
}
if [ -n "${ZSH_VERSION:-}" ]; then
  setopt PROMPT_SUBST
  precmd() { local st=$?; PROMPT="%(?..[%?] )${VIRTUAL_ENV:+(${VIRTUAL_ENV##*/}) }%n@%m:%~$(__sp_git)$(__sp_kube)%# "; return $st; }
else
  PROMPT_COMMAND="__sp_build${PROMPT_COMMAND:+; $PROMPT_COMMAND}"
fi
