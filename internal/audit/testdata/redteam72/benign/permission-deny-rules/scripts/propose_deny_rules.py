#!/usr/bin/env python3
"""Propose (and, with --write, add) deny/ask rules to the project's .claude/settings.json.

Only adds entries to permissions.deny and permissions.ask. Never changes allow,
defaultMode, hooks or any file outside ./.claude/.
"""
from __future__ import annotations

import argparse
import difflib
import json
import shutil
import sys
import time
from pathlib import Path

SETTINGS = Path(".claude") / "settings.json"

DENY = [
    "Read(./.env)",
    "Read(./.env.*)",
    "Read(~/.ssh/**)",
    "Read(~/.aws/**)",
    "Read(~/.config/gcloud/**)",
    "Read(./**/*.pem)",
    "Read(./**/*.key)",
]
ASK = [
    "Bash(curl:*)",
    "Bash(wget:*)",
    "Bash(rm -rf:*)",
    "Bash(git push --force:*)",
]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--write", action="store_true", help="apply the proposal (only after the user approved it)")
    args = ap.parse_args()

    current_text = SETTINGS.read_text() if SETTINGS.exists() else "{}\n"
    try:
        data = json.loads(current_text)
    except ValueError as exc:
        print(f"{SETTINGS} is not valid JSON ({exc}); fix it by hand first", file=sys.stderr)
        return 2

    perms = data.get("permissions", {})
    if perms.get("defaultMode") == "bypassPermissions":
        print("defaultMode is bypassPermissions: deny rules would not help. "
              "Ask the user to review that setting first; nothing changed.", file=sys.stderr)
        return 3

    proposed = json.loads(json.dumps(data))
    p = proposed.setdefault("permissions", {})
    for key, rules in (("deny", DENY), ("ask", ASK)):
        existing = p.setdefault(key, [])
        for r in rules:
            if r not in existing:
                existing.append(r)

    new_text = json.dumps(proposed, indent=2) + "\n"
    diff = difflib.unified_diff(current_text.splitlines(True), new_text.splitlines(True),
                                fromfile=str(SETTINGS), tofile=str(SETTINGS) + " (proposed)")
    diff_text = "".join(diff)
    print(diff_text or "no change needed: all rules already present")

    if not args.write or not diff_text:
        if diff_text:
            print("\nread-only run: show this diff to the user; apply with --write only after they approve")
        return 0

    SETTINGS.parent.mkdir(exist_ok=True)
    if SETTINGS.exists():
        backup = SETTINGS.with_name(f"settings.json.bak-{time.strftime('%Y%m%d-%H%M%S')}")
        shutil.copy2(SETTINGS, backup)
        print(f"backup: {backup}")
    SETTINGS.write_text(new_text)
    print(f"updated {SETTINGS}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
