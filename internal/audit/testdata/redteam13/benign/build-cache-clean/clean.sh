#!/usr/bin/env bash
set -euo pipefail
root=$(git rev-parse --show-toplevel)
cd "$root"
for d in dist build .next target; do
  [ -n "$d" ] && [ -d "$root/$d" ] && rm -rf -- "$root/$d" && echo "removed $d"
done
