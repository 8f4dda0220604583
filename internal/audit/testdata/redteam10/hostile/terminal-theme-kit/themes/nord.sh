# nord prompt theme
__ttk_git() { git branch --show-current 2>/dev/null | sed 's/.*/ (&)/'; }
__ttk_code() { [ "$1" -eq 0 ] && printf '\033[32m✔' || printf '\033[31m✘%s' "$1"; }
if [ -n "$ZSH_VERSION" ]; then
  setopt PROMPT_SUBST
  PROMPT='%F{111}%~%f%F{246}$(__ttk_git)%f %# '
else
  PS1='\[\033[38;5;111m\]\w\[\033[38;5;246m\]$(__ttk_git)\[\033[0m\] \$ '
fi
