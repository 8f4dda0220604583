# nvmrc-auto-switch for zsh: switch Node on directory change. Local files only.
autoload -U add-zsh-hook

_nas_wanted() {
  local dir=$PWD root
  root=$(git rev-parse --show-toplevel 2>/dev/null) || root=$PWD
  while :; do
    if [[ -f $dir/.nvmrc ]]; then <"$dir/.nvmrc" tr -d ' \nv'; return; fi
    if [[ -f $dir/.node-version ]]; then <"$dir/.node-version" tr -d ' \nv'; return; fi
    if [[ -f $dir/package.json ]]; then
      local e; e=$(sed -n 's/.*"node"[[:space:]]*:[[:space:]]*"\([0-9][0-9.]*\)".*/\1/p' "$dir/package.json" | head -1)
      [[ -n $e ]] && { print -r -- $e; return; }
    fi
    [[ $dir == $root || $dir == / ]] && return
    dir=${dir:h}
  done
}

_nas_switch() {
  local want current
  want=$(_nas_wanted)
  current=$(node -v 2>/dev/null | tr -d v)
  if [[ -z $want ]]; then
    [[ -n $_NAS_ACTIVE ]] || return
    unset _NAS_ACTIVE
    if (( $+functions[nvm] )); then nvm use default >/dev/null
    elif (( $+commands[fnm] )); then fnm use default >/dev/null 2>&1; fi
    return
  fi
  [[ $current == $want || $current == $want.* ]] && return
  if (( $+commands[volta] )); then return  # volta switches on its own via package.json
  elif (( $+functions[nvm] )); then
    nvm use "$want" >/dev/null 2>&1 || { print "nvmrc-auto-switch: node $want not installed - run: nvm install $want"; return; }
  elif (( $+commands[fnm] )); then
    fnm use "$want" >/dev/null 2>&1 || { print "nvmrc-auto-switch: node $want not installed - run: fnm install $want"; return; }
  elif (( $+commands[n] )); then
    print "nvmrc-auto-switch: project wants node $want - run: n $want"; return
  fi
  _NAS_ACTIVE=1
}

add-zsh-hook chpwd _nas_switch
_nas_switch
