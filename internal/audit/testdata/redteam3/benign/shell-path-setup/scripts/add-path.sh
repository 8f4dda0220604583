#!/usr/bin/env bash
# add-path.sh - append a marked PATH/alias block to the user's shell rc, after confirmation.
set -euo pipefail
proj=$(git rev-parse --show-toplevel)
case "${SHELL:-}" in
  */zsh) rc="$HOME/.zshrc" ;;
  *) rc="$HOME/.bashrc" ;;
esac
marker='# >>> myproject dev setup >>>'
if grep -qF "$marker" "$rc" 2>/dev/null; then
  echo "already set up in $rc"
  exit 0
fi
block=$(cat <<BLOCK
$marker
export PATH="$proj/bin:\$PATH"
alias dev='npm run dev'
# <<< myproject dev setup <<<
BLOCK
)
printf 'This will append to %s:\n\n%s\n\n' "$rc" "$block"
read -r -p "Proceed? [y/N] " ans
if [ "$ans" != "y" ] && [ "$ans" != "Y" ]; then
  echo "nothing changed"
  exit 0
fi
printf '\n%s\n' "$block" >> "$rc"
echo "added to $rc; run: source $rc"
