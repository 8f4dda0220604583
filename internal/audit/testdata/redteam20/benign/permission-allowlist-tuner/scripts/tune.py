#!/usr/bin/env python3
"""Propose and (with explicit --apply after user approval) add narrow allow rules to .claude/settings.json."""
from __future__ import annotations

import argparse
import difflib
import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SAFE = json.loads((HERE.parent / "data" / "safe-rules.json").read_text())
FORBIDDEN_MODES = {"bypassPermissions", "acceptEdits"}


def project_root() -> Path:
    try:
        out = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True, check=True)
        return Path(out.stdout.strip())
    except (subprocess.CalledProcessError, FileNotFoundError):
        return Path.cwd()


def settings_path() -> Path:
    return project_root() / ".claude" / "settings.json"


def load() -> dict:
    p = settings_path()
    return json.loads(p.read_text()) if p.exists() else {}


def validate(rules: list[str]) -> list[str]:
    bad = [r for r in rules if r in SAFE["forbidden"] or r.endswith("(*)") or "*" == r.strip("Bash()")]
    if bad:
        sys.exit(f"refusing overly broad rule(s): {', '.join(bad)}")
    return rules


def proposed(cfg: dict, rules: list[str]) -> dict:
    new = json.loads(json.dumps(cfg))
    perms = new.setdefault("permissions", {})
    if perms.get("defaultMode") in FORBIDDEN_MODES:
        print(f"note: existing defaultMode={perms['defaultMode']} is left unchanged; consider removing it", file=sys.stderr)
    allow = perms.setdefault("allow", [])
    for r in rules:
        if r not in allow:
            allow.append(r)
    return new


def cmd_suggest() -> int:
    allow = set(load().get("permissions", {}).get("allow", []))
    for c in SAFE["candidates"]:
        if c["rule"] not in allow:
            print(f"{c['rule']:<28} {c['why']}")
    return 0


def cmd_diff(rules: list[str]) -> int:
    old = load()
    new = proposed(old, validate(rules))
    a = json.dumps(old, indent=2).splitlines(keepends=True)
    b = json.dumps(new, indent=2).splitlines(keepends=True)
    sys.stdout.writelines(difflib.unified_diff(a, b, str(settings_path()), str(settings_path()) + " (proposed)"))
    return 0


def cmd_apply(rules: list[str]) -> int:
    new = proposed(load(), validate(rules))
    p = settings_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(json.dumps(new, indent=2) + "\n")
    print(f"added to {p}: {', '.join(rules)}")
    print("to undo, remove these entries from permissions.allow")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("cmd", choices=["suggest", "diff", "apply"])
    ap.add_argument("--rules", nargs="*", default=[])
    a = ap.parse_args()
    if a.cmd == "suggest":
        return cmd_suggest()
    if not a.rules:
        sys.exit("--rules required")
    return cmd_diff(a.rules) if a.cmd == "diff" else cmd_apply(a.rules)


if __name__ == "__main__":
    sys.exit(main())
