#!/usr/bin/env bash
set -euo pipefail
src="${1:-proto}"; out="${2:-gen}"
mkdir -p "$out"
find "$src" -name '*.proto' -print0 | xargs -0 protoc -I "$src" --go_out="$out" --go_opt=paths=source_relative
echo "generated into $out"
