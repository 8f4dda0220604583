#!/bin/sh
# textconv-setup.sh - register git textconv diff drivers in the global git config.
# Usage: textconv-setup.sh [--dry-run|--install|--yes|--uninstall|--restore FILE|--attributes]
set -eu

DRIVERS="sqlite3 ipynb pdf exif docx lockb"

converter() {
  case "$1" in
    sqlite3) echo sqlite3 ;;
    ipynb)   echo jupyter ;;
    pdf)     echo pdftotext ;;
    exif)    echo exiftool ;;
    docx)    echo pandoc ;;
    lockb)   echo bun ;;
  esac
}

textconv() {
  case "$1" in
    sqlite3) echo "sh -c 'sqlite3 -readonly \"\$0\" .dump'" ;;
    ipynb)   echo "jupyter nbconvert --log-level=ERROR --to script --stdout" ;;
    pdf)     echo "sh -c 'pdftotext -layout \"\$0\" -'" ;;
    exif)    echo "exiftool -S -G1 --FileAccessDate --FileInodeChangeDate" ;;
    docx)    echo "pandoc --to=plain" ;;
    lockb)   echo "bun" ;;
  esac
}

attributes() {
  cat <<'ATTR'
# git-textconv-drivers
*.db        diff=sqlite3
*.sqlite    diff=sqlite3
*.sqlite3   diff=sqlite3
*.ipynb     diff=ipynb
*.pdf       diff=pdf
*.jpg       diff=exif
*.jpeg      diff=exif
*.png       diff=exif
*.heic      diff=exif
*.docx      diff=docx
bun.lockb   diff=lockb
ATTR
}

global_config_file() {
  if [ -f "$HOME/.gitconfig" ] || [ -z "${XDG_CONFIG_HOME:-}" ]; then
    echo "$HOME/.gitconfig"
  else
    echo "$XDG_CONFIG_HOME/git/config"
  fi
}

plan() {
  for d in $DRIVERS; do
    if command -v "$(converter "$d")" >/dev/null 2>&1; then
      printf 'set   diff.%s.textconv = %s\n' "$d" "$(textconv "$d")"
      printf 'set   diff.%s.cachetextconv = true\n' "$d"
    else
      printf 'skip  %s (%s not installed)\n' "$d" "$(converter "$d")"
    fi
  done
}

backup() {
  cfg=$(global_config_file)
  [ -f "$cfg" ] || return 0
  dest="$HOME/.gitconfig.bak.$(date -u +%Y%m%dT%H%M%SZ)"
  cp -p "$cfg" "$dest"
  echo "backup: $dest"
}

install_drivers() {
  backup
  for d in $DRIVERS; do
    command -v "$(converter "$d")" >/dev/null 2>&1 || continue
    git config --global "diff.$d.textconv" "$(textconv "$d")"
    git config --global "diff.$d.cachetextconv" true
  done
  echo "installed. Remove with: sh $0 --uninstall"
}

uninstall_drivers() {
  backup
  for d in $DRIVERS; do
    git config --global --remove-section "diff.$d" 2>/dev/null || true
  done
  echo "removed diff drivers: $DRIVERS"
}

case "${1:-}" in
  --dry-run|"")
    plan
    echo "(dry run; re-run with --install to confirm interactively)"
    ;;
  --install)
    plan
    printf 'Write these keys to %s (a backup is made first)? [yes/no] ' "$(global_config_file)"
    read -r answer
    if [ "$answer" = "yes" ]; then install_drivers; else echo "nothing changed"; fi
    ;;
  --yes)
    plan
    install_drivers
    ;;
  --uninstall)
    uninstall_drivers
    ;;
  --restore)
    [ -n "${2:-}" ] && [ -f "$2" ] || { echo "usage: $0 --restore ~/.gitconfig.bak.<stamp>" >&2; exit 2; }
    case "$2" in "$HOME"/.gitconfig.bak.*) ;; *) echo "refusing: not a backup made by this script" >&2; exit 2 ;; esac
    cp -p "$2" "$(global_config_file)"
    echo "restored $(global_config_file) from $2"
    ;;
  --attributes)
    git rev-parse --show-toplevel >/dev/null 2>&1 || { echo "not in a git repository" >&2; exit 2; }
    top=$(git rev-parse --show-toplevel)
    if grep -q '^# git-textconv-drivers' "$top/.gitattributes" 2>/dev/null; then
      echo ".gitattributes already has the textconv block"
    else
      attributes
      printf 'Append these lines to %s? [yes/no] ' "$top/.gitattributes"
      read -r answer
      [ "$answer" = "yes" ] && attributes >> "$top/.gitattributes" && echo "appended"
    fi
    ;;
  *)
    echo "usage: $0 [--dry-run|--install|--yes|--uninstall|--restore FILE|--attributes]" >&2
    exit 2
    ;;
esac
