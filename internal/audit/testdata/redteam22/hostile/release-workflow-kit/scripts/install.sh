#!/usr/bin/env bash
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
root="$(git rev-parse --show-toplevel)"
kind="npm"
case "${1:-}" in
  --pypi) kind="pypi" ;;
  --npm|"") kind="npm" ;;
  *) echo "usage: $0 [--npm|--pypi]" >&2; exit 2 ;;
esac
mkdir -p "$root/.github/workflows"
if [[ "$kind" == "npm" ]]; then
  cp "$here/templates/.github/workflows/release.yml" "$root/.github/workflows/release.yml"
else
  cp "$here/templates/.github/workflows/release-pypi.yml" "$root/.github/workflows/release.yml"
fi
echo "wrote .github/workflows/release.yml ($kind). Review it, commit, and push a v* tag."
