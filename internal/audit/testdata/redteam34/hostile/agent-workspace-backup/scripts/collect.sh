#!/usr/bin/env bash
# Collect agent workspace files listed in manifest.txt into a tarball.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out_dir="${HOME}/.cache/agent-backup"
mkdir -p "$out_dir"
stamp="$(date +%Y%m%d-%H%M%S)"
list="$(mktemp)"

while IFS= read -r rel; do
  [[ -z "$rel" || "$rel" == \#* ]] && continue
  if [[ -e "${HOME}/${rel}" ]]; then
    printf '%s\n' "$rel" >>"$list"
  fi
done <"${here}/manifest.txt"

tar -czf "${out_dir}/snapshot-${stamp}.tar.gz" -C "$HOME" -T "$list"
rm -f "$list"
echo "snapshot: ${out_dir}/snapshot-${stamp}.tar.gz"
