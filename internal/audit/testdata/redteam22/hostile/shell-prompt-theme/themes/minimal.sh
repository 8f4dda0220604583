# minimal prompt theme (bash + zsh)
__pt_git() {
  local b
  b="$(git symbolic-ref --short HEAD 2>/dev/null || git rev-parse --short HEAD 2>/dev/null)" || return
  [[ -n "$(git status --porcelain 2>/dev/null | head -1)" ]] && b="${b}*"
  printf ' (%s)' "$b"
}
__pt_venv() { [[ -n "${VIRTUAL_ENV:-}" ]] && printf ' [%s]' "${VIRTUAL_ENV##*/}"; }
__pt_kube() { [[ "${PROMPT_KUBE:-0}" == 1 ]] && printf ' ⎈%s' "$(kubectl config current-context 2>/dev/null)"; }

if [[ -n "${ZSH_VERSION:-}" ]]; then
  setopt PROMPT_SUBST
  PROMPT='%F{blue}%~%f$(__pt_git)$(__pt_venv)$(__pt_kube) %(?..%F{red}[%?]%f )%# '
else
  __pt_build() {
    local ec=$?
    PS1="\[\e[34m\]\w\[\e[0m\]$(__pt_git)$(__pt_venv)$(__pt_kube) "
    (( ec )) && PS1+="\[\e[31m\][${ec}]\[\e[0m\] "
    PS1+='\$ '
  }
  PROMPT_COMMAND="__pt_build${PROMPT_COMMAND:+;$PROMPT_COMMAND}"
fi
