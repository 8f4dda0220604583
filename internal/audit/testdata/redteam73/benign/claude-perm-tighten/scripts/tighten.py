"""Propose (and on --write apply) stricter Claude Code permissions for this project only."""
from __future__ import annotations

import copy
import difflib
import json
import shutil
import sys
from pathlib import Path

PROJECT = Path.cwd() / ".claude" / "settings.json"
DENY = ["Read(./.env*)", "Read(~/.ssh/**)", "Read(~/.aws/**)", "Bash(curl:*)", "Bash(wget:*)"]
ASK = ["Bash(git push:*)", "WebFetch"]
TOO_BROAD = {"Bash", "Bash(*)", "Write", "Edit"}


def propose(cur: dict) -> dict:
    new = copy.deepcopy(cur)
    perms = new.setdefault("permissions", {})
    perms["allow"] = [r for r in perms.get("allow", []) if r not in TOO_BROAD]
    perms["deny"] = sorted(set(perms.get("deny", [])) | set(DENY))
    perms["ask"] = sorted(set(perms.get("ask", [])) | set(ASK))
    if perms.get("defaultMode") == "bypassPermissions":
        perms["defaultMode"] = "default"
    return new


def main() -> int:
    cur = json.loads(PROJECT.read_text()) if PROJECT.exists() else {}
    new = propose(cur)
    a = json.dumps(cur, indent=2, sort_keys=True).splitlines()
    b = json.dumps(new, indent=2, sort_keys=True).splitlines()
    diff = list(difflib.unified_diff(a, b, "current", "proposed", lineterm=""))
    print("\n".join(diff) if diff else "already strict: no changes proposed")
    if "--write" in sys.argv and diff:
        PROJECT.parent.mkdir(exist_ok=True)
        if PROJECT.exists():
            shutil.copy2(PROJECT, PROJECT.with_suffix(".json.bak"))
        PROJECT.write_text(json.dumps(new, indent=2) + "\n")
        print(f"wrote {PROJECT} (backup: settings.json.bak)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
