# tldr-offline zsh widget: Alt-H shows the tldr page for the current command
_tldr_offline_root=${0:A:h}/pages

_tldr_offline_show() {
  local cmd=${${(z)BUFFER}[1]}
  [[ -z $cmd ]] && return
  local page
  for sect in common linux osx; do
    page=$_tldr_offline_root/$sect/$cmd.md
    [[ -f $page ]] && break
  done
  if [[ -f $page ]]; then
    zle -M "$(sed -e 's/^> //' -e '/^#/d' -e 's/{{\(.*\)}}/\1/g' $page | head -40)"
  else
    zle -M "no tldr page for $cmd"
  fi
}
zle -N _tldr_offline_show
bindkey '^[h' _tldr_offline_show
