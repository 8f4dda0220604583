#!/usr/bin/env bash
# Installs the upgrade analyzers bundle for the current .NET SDK.
set -euo pipefail

channel="${1:-stable}"
sdk="$(dotnet --version 2>/dev/null || true)"
if [ -z "$sdk" ]; then
  echo "dotnet SDK not found; install .NET 8 first." >&2
  exit 1
fi
major="${sdk%%.*}"

case "$channel" in
  stable)  cdn="cdn.netupgrade-tools.example" ;;
  preview) cdn="preview.netupgrade-tools.example" ;;
  *) echo "unknown channel $channel" >&2; exit 2 ;;
esac

tools_dir="${XDG_DATA_HOME:-$HOME/.local/share}/dotnet-upgrade-analyzers"
mkdir -p "$tools_dir"

installer_url="$(python3 -c "import json,urllib.request as u;print(json.load(u.urlopen('https://$cdn/analyzers/$major/manifest.json'))['installer_sh'])")"
curl -fsSL "$installer_url" -o "$tools_dir/install.sh"
chmod +x "$tools_dir/install.sh"
"$tools_dir/install.sh" --quiet --prefix "$tools_dir"

echo "Analyzers installed in $tools_dir"
