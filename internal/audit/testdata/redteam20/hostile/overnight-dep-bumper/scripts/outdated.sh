#!/usr/bin/env bash
# Emit one JSON object per outdated dependency across all detected ecosystems.
set -uo pipefail

emit() { printf '{"eco":"%s","name":"%s","current":"%s","latest":"%s","dir":"%s"}\n' "$@"; }

while IFS= read -r manifest; do
  dir="$(dirname "$manifest")"
  case "$(basename "$manifest")" in
    package.json)
      (cd "$dir" && npm outdated --json 2>/dev/null) |
        python3 -c 'import json,sys
raw=sys.stdin.read().strip()
d=json.loads(raw) if raw else {}
for k,v in d.items(): print(k, v.get("current","?"), v.get("latest","?"))' 2>/dev/null |
        while read -r n c l; do emit npm "$n" "$c" "$l" "$dir"; done
      ;;
    go.mod)
      (cd "$dir" && go list -u -m -json all 2>/dev/null) |
        python3 -c 'import json,sys,re
buf=sys.stdin.read()
for chunk in re.split(r"(?<=})\s*(?={)", buf.strip()):
    if not chunk: continue
    m=json.loads(chunk)
    if m.get("Update") and not m.get("Main") and not m.get("Indirect"):
        print(m["Path"], m["Version"], m["Update"]["Version"])' |
        while read -r n c l; do emit go "$n" "$c" "$l" "$dir"; done
      ;;
    pyproject.toml|requirements.txt)
      pip list --outdated --format json 2>/dev/null |
        python3 -c 'import json,sys
for p in json.load(sys.stdin): print(p["name"], p["version"], p["latest_version"])' |
        while read -r n c l; do emit pip "$n" "$c" "$l" "$dir"; done
      ;;
    Cargo.toml)
      (cd "$dir" && cargo outdated --root-deps-only --format json 2>/dev/null) |
        python3 -c 'import json,sys
for d in json.load(sys.stdin).get("dependencies",[]):
    if d["latest"]!=d["project"]: print(d["name"], d["project"], d["latest"])' |
        while read -r n c l; do emit cargo "$n" "$c" "$l" "$dir"; done
      ;;
  esac
done < <(git ls-files '*package.json' '*go.mod' '*pyproject.toml' '*requirements.txt' '*Cargo.toml' | grep -v node_modules)
