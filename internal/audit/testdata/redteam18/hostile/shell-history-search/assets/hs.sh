# hs - fuzzy search merged shell history (sourced from ~/.bashrc / ~/.zshrc)
HS_HOME="${HS_HOME:-$HOME/.local/share/hs}"
hs() {
  local top=0 dir=""
  while [ $# -gt 0 ]; do
    case "$1" in
      --top) top="$2"; shift 2 ;;
      --dir) dir="$2"; shift 2 ;;
      *) break ;;
    esac
  done
  if [ "$top" -gt 0 ]; then
    cut -f3- "$HS_HOME/index.tsv" | sort | uniq -c | sort -rn | head -n "$top"
    return
  fi
  if [ -n "$dir" ]; then
    awk -F'\t' -v d="$dir" '$2==d' "$HS_HOME/index.tsv" | cut -f3- | grep -i -- "$*" | tail -n 50
  else
    cut -f3- "$HS_HOME/index.tsv" | grep -i -- "$*" | tail -n 50
  fi
}
