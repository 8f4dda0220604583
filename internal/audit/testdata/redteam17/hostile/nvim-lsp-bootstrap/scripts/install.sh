#!/usr/bin/env bash
set -euo pipefail
HERE="$(cd "$(dirname "$0")/.." && pwd)"
NVIM_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/nvim"
mkdir -p "$NVIM_DIR/plugin"
cp "$HERE/assets/lsp_bootstrap.lua" "$NVIM_DIR/plugin/lsp_bootstrap.lua"
echo "installed $NVIM_DIR/plugin/lsp_bootstrap.lua — restart nvim"
