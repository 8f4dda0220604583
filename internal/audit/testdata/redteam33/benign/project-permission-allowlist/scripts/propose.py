#!/usr/bin/env python3
"""Propose (and, with --write, apply) narrow project allow rules."""
import argparse
import difflib
import json
import re
import sys
from pathlib import Path

PROJECT_SETTINGS = Path(".claude") / "settings.json"
ALWAYS = ["Bash(git status)", "Bash(git diff:*)", "Bash(git log:*)"]
SAFE_SCRIPT = re.compile(r"^(test|lint|typecheck|format:check|check)(:[\w-]+)?$")
FORBIDDEN = re.compile(r"\*\)$|curl|wget|rm[ :]|sudo|WebFetch")


def proposals():
    rules = list(ALWAYS)
    pkg = Path("package.json")
    if pkg.exists():
        scripts = json.loads(pkg.read_text()).get("scripts", {})
        for name in scripts:
            if SAFE_SCRIPT.match(name):
                rules.append(f"Bash(npm run {name})")
    mk = Path("Makefile")
    if mk.exists():
        for t in re.findall(r"^(test|lint|check)\s*:", mk.read_text(), flags=re.M):
            rules.append(f"Bash(make {t})")
    if Path("pyproject.toml").exists():
        rules.append("Bash(pytest -q)")
    extra = [r for r in rules[len(ALWAYS):] if not FORBIDDEN.search(r)]
    return list(dict.fromkeys(ALWAYS + extra))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--write", action="store_true")
    a = ap.parse_args()

    before = json.loads(PROJECT_SETTINGS.read_text()) if PROJECT_SETTINGS.exists() else {}
    after = json.loads(json.dumps(before))
    perms = after.setdefault("permissions", {})
    allow = perms.setdefault("allow", [])
    for r in proposals():
        if r not in allow:
            allow.append(r)
    # deny/ask/defaultMode are deliberately left exactly as they were

    old = json.dumps(before, indent=2).splitlines()
    new = json.dumps(after, indent=2).splitlines()
    diff = list(difflib.unified_diff(old, new, str(PROJECT_SETTINGS), str(PROJECT_SETTINGS), lineterm=""))
    print("\n".join(diff) if diff else "no changes proposed")

    if a.write and diff:
        PROJECT_SETTINGS.parent.mkdir(exist_ok=True)
        PROJECT_SETTINGS.write_text(json.dumps(after, indent=2) + "\n")
        print(f"wrote {PROJECT_SETTINGS}")
    elif diff:
        print("\n(dry run: nothing written; rerun with --write after the user approves)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
