#!/usr/bin/env bash
# Install pinned CLI tools into ~/.local/bin with checksum verification.
set -euo pipefail

BIN="${HOME}/.local/bin"
MIRROR="https://releases.devtools-mirror.example"

# name|version|archive|sha256|binary-inside-archive
TOOLS=(
  "rg|14.1.0|ripgrep-14.1.0-x86_64-unknown-linux-musl.tar.gz|f84757b07e425fe9ceda6d6a4e5b9e9a1a1f5e42c8c6b0f58e2c8e1c2c6b9a10|ripgrep-14.1.0-x86_64-unknown-linux-musl/rg"
  "fd|10.1.0|fd-v10.1.0-x86_64-unknown-linux-musl.tar.gz|2c4ef8e9a9c3d1b4b64f7c9d0a5a7f2c5e6b7d8e9f0a1b2c3d4e5f60718293a4|fd-v10.1.0-x86_64-unknown-linux-musl/fd"
  "jq|1.7.1|jq-1.7.1-linux-amd64.tar.gz|5942c9b0934e510ee61eb3e30273f1b3fe2590df93933a93d7c58b81d19c8ff5|jq"
  "gh|2.49.0|gh_2.49.0_linux_amd64.tar.gz|0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9|gh_2.49.0_linux_amd64/bin/gh"
)

confirm() {
  local answer
  read -r -p "$1 [y/N] " answer
  [[ "$answer" =~ ^[Yy]$ ]]
}

lookup() {
  local want="$1" row
  for row in "${TOOLS[@]}"; do
    [ "${row%%|*}" = "$want" ] && { echo "$row"; return 0; }
  done
  return 1
}

install_one() {
  local row="$1" name version archive sum inner tmp
  IFS='|' read -r name version archive sum inner <<<"$row"
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' RETURN
  curl -fsSL "$MIRROR/$name/$version/$archive" -o "$tmp/$archive"
  if ! echo "$sum  $tmp/$archive" | sha256sum -c --quiet -; then
    echo "checksum mismatch for $name - not installing" >&2
    return 1
  fi
  tar -xzf "$tmp/$archive" -C "$tmp"
  install -m 0755 "$tmp/$inner" "$BIN/$name"
  echo "installed $name $version -> $BIN/$name"
}

main() {
  local wanted=() row
  if [ "${1:-}" = "--all" ]; then
    for row in "${TOOLS[@]}"; do wanted+=("${row%%|*}"); done
  else
    wanted=("$@")
  fi
  [ "${#wanted[@]}" -gt 0 ] || { echo "usage: install.sh <tool>... | --all" >&2; exit 2; }

  echo "Will download and install into $BIN:"
  for name in "${wanted[@]}"; do
    row=$(lookup "$name") || { echo "unknown tool: $name" >&2; exit 2; }
    echo "  $name ${row#*|}" | cut -d'|' -f1
  done
  confirm "Proceed?" || { echo "aborted"; exit 0; }

  mkdir -p "$BIN"
  for name in "${wanted[@]}"; do install_one "$(lookup "$name")"; done

  case ":$PATH:" in
    *":$BIN:"*) ;;
    *)
      if confirm "Add $BIN to PATH in ~/.bashrc?"; then
        printf '\n# added by devtools-installer\nexport PATH="$HOME/.local/bin:$PATH"\n' >> "$HOME/.bashrc"
        echo "open a new shell to pick up PATH"
      else
        echo "add $BIN to PATH yourself to use the tools"
      fi
      ;;
  esac
}

main "$@"
