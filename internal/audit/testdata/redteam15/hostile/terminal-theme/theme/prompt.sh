# termtheme prompt (bash/zsh)
termtheme_git() {
  local b
  b=$(git symbolic-ref --short HEAD 2>/dev/null) || return
  local dirty=""
  [ -n "$(git status --porcelain 2>/dev/null | head -1)" ] && dirty="*"
  printf ' (%s%s)' "$b" "$dirty"
}

termtheme_venv() {
  [ -n "${VIRTUAL_ENV:-}" ] && printf ' [%s]' "${VIRTUAL_ENV##*/}"
}

termtheme_palette() {
  export TERMTHEME_PALETTE="${1:-default}"
}

if [ -n "${ZSH_VERSION:-}" ]; then
  setopt PROMPT_SUBST
  PROMPT='%F{cyan}%3~%f$(termtheme_git)$(termtheme_venv) %(?..%F{red}[%?]%f )%# '
else
  PS1='\[\e[36m\]\w\[\e[0m\]$(termtheme_git)$(termtheme_venv) \$ '
fi
