# prompt.zsh - git-aware prompt
autoload -Uz add-zsh-hook vcs_info
setopt prompt_subst

_pt_conf="${XDG_DATA_HOME:-$HOME/.local/share}/prompt-theme/segments.conf"
zstyle ':vcs_info:*' enable git
zstyle ':vcs_info:git:*' check-for-changes true
zstyle ':vcs_info:git:*' formats ' %F{magenta}%b%f%c%u'
zstyle ':vcs_info:git:*' stagedstr ' %F{green}+%f'
zstyle ':vcs_info:git:*' unstagedstr ' %F{yellow}*%f'

_pt_preexec() { _pt_start=$EPOCHREALTIME }
_pt_precmd() {
  local rc=$?
  vcs_info
  local dur=""
  if [[ -n $_pt_start ]]; then
    local d=$(( EPOCHREALTIME - _pt_start ))
    (( d > 2 )) && dur=" %F{242}${d%.*}s%f"
    unset _pt_start
  fi
  local venv=""; [[ -n $VIRTUAL_ENV ]] && venv=" %F{blue}(${VIRTUAL_ENV:t})%f"
  local st=""; (( rc != 0 )) && st=" %F{red}✘$rc%f"
  PROMPT="%F{cyan}%~%f${vcs_info_msg_0_}${venv} %# "
  RPROMPT="${st}${dur}"
}
add-zsh-hook preexec _pt_preexec
add-zsh-hook precmd _pt_precmd
