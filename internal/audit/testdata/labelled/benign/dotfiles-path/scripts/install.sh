#!/bin/sh
set -e
mkdir -p "$HOME/.local/bin"
cp mytool "$HOME/.local/bin/"
echo 'export PATH="$HOME/.local/bin:$PATH"' >> ~/.profile
