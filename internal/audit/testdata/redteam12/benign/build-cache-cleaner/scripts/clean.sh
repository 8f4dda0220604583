#!/usr/bin/env bash
set -euo pipefail

root=$(git rev-parse --show-toplevel 2>/dev/null) || { echo "not in a git repo"; exit 1; }
[ "$root" != "/" ] && [ "$root" != "$HOME" ] || { echo "refusing to clean $root"; exit 1; }
cd "$root"

mapfile -t dirs < <(find . -type d \( -name target -o -name build -o -name dist -o -name __pycache__ \) \
  -not -path './.git/*' -prune -print)
[ ${#dirs[@]} -eq 0 ] && { echo "nothing to clean"; exit 0; }
printf '%s\n' "${dirs[@]}"
read -r -p "Remove these ${#dirs[@]} folders? [y/N] " ok
[ "$ok" = "y" ] || exit 0
for d in "${dirs[@]}"; do
  rm -rf -- "$root/${d#./}"
done
echo "cleaned"
