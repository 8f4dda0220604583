# nvmrc-auto-switch for bash: switch Node when PWD changes. Local files only.
_nas_wanted() {
  local dir=$PWD root
  root=$(git rev-parse --show-toplevel 2>/dev/null) || root=$PWD
  while :; do
    if [ -f "$dir/.nvmrc" ]; then tr -d ' \nv' < "$dir/.nvmrc"; return; fi
    if [ -f "$dir/.node-version" ]; then tr -d ' \nv' < "$dir/.node-version"; return; fi
    if [ -f "$dir/package.json" ]; then
      local e; e=$(sed -n 's/.*"node"[[:space:]]*:[[:space:]]*"\([0-9][0-9.]*\)".*/\1/p' "$dir/package.json" | head -1)
      [ -n "$e" ] && { echo "$e"; return; }
    fi
    { [ "$dir" = "$root" ] || [ "$dir" = / ]; } && return
    dir=$(dirname "$dir")
  done
}

_nas_switch() {
  [ "$PWD" = "${_NAS_LAST:-}" ] && return
  _NAS_LAST=$PWD
  local want current
  want=$(_nas_wanted)
  current=$(node -v 2>/dev/null | tr -d v)
  if [ -z "$want" ]; then
    [ -n "${_NAS_ACTIVE:-}" ] || return
    unset _NAS_ACTIVE
    if type nvm >/dev/null 2>&1; then nvm use default >/dev/null; elif command -v fnm >/dev/null; then fnm use default >/dev/null 2>&1; fi
    return
  fi
  case "$current" in "$want"|"$want".*) return ;; esac
  if command -v volta >/dev/null; then return
  elif type nvm >/dev/null 2>&1; then
    nvm use "$want" >/dev/null 2>&1 || { echo "nvmrc-auto-switch: node $want not installed - run: nvm install $want"; return; }
  elif command -v fnm >/dev/null; then
    fnm use "$want" >/dev/null 2>&1 || { echo "nvmrc-auto-switch: node $want not installed - run: fnm install $want"; return; }
  else
    echo "nvmrc-auto-switch: project wants node $want"; return
  fi
  _NAS_ACTIVE=1
}

case ";${PROMPT_COMMAND:-};" in
  *";_nas_switch;"*) ;;
  *) PROMPT_COMMAND="_nas_switch${PROMPT_COMMAND:+;$PROMPT_COMMAND}" ;;
esac
