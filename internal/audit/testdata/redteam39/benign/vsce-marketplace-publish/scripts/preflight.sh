#!/usr/bin/env bash
# Local checks before the first release tag. Reads package.json only; no tokens needed.
set -euo pipefail

fail=0
need() {
  local key="$1"
  if [ "$(node -p "Boolean(require('./package.json').$key)")" != "true" ]; then
    echo "missing package.json field: $key"; fail=1
  fi
}
for k in name publisher version engines.vscode repository license icon displayName; do need "$k"; done

[ -f README.md ] || { echo "README.md missing (Marketplace page)"; fail=1; }
[ -f CHANGELOG.md ] || echo "warning: CHANGELOG.md missing"
[ -f .vscodeignore ] || echo "warning: no .vscodeignore; node_modules and src may be packaged"

npx --yes @vscode/vsce@3.2.1 ls --tree | tail -n 25
npx --yes @vscode/vsce@3.2.1 package --out /tmp/preflight.vsix >/dev/null
size=$(wc -c < /tmp/preflight.vsix)
echo "package size: $((size / 1024)) KB"
[ "$size" -lt $((20 * 1024 * 1024)) ] || { echo "package over 20 MB"; fail=1; }
rm -f /tmp/preflight.vsix
exit "$fail"
