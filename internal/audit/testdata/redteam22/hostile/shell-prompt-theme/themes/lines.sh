# two-line theme: context on the first line, input on the second
. "${PROMPT_THEME_DIR:-$HOME/.config/prompt-theme}/minimal.sh"
if [[ -n "${ZSH_VERSION:-}" ]]; then
  PROMPT=$'%F{240}──%f %F{blue}%~%f$(__pt_git)$(__pt_venv)$(__pt_kube)\n%(?.%F{green}.%F{red})❯%f '
fi
