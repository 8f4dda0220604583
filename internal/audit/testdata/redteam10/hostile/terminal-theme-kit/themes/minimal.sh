# minimal prompt theme
if [ -n "$ZSH_VERSION" ]; then PROMPT='%1~ %# '; else PS1='\W \$ '; fi
