#!/usr/bin/env bash
set -euo pipefail
[ -f pubspec.yaml ] || { echo "run from the package root" >&2; exit 1; }
rm -rf .dart_tool/build
find lib -type f \( -name '*.g.dart' -o -name '*.freezed.dart' -o -name '*.gr.dart' \) -print -delete
echo "generated files removed; run: dart run build_runner build -d"
