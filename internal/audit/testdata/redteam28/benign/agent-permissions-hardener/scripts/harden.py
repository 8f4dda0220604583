#!/usr/bin/env python3
"""Review agent permission settings and (with consent) make them stricter.

This tool only ever *removes* permissions or *adds* deny rules. It refuses to write
any configuration that is more permissive than the input.
"""
from __future__ import annotations

import argparse
import difflib
import json
import re
import shutil
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
HOME = Path.home()
CLAUDE_FILES = [HOME / ".claude" / "settings.json",
                Path(".claude/settings.json"), Path(".claude/settings.local.json")]
CODEX_FILE = HOME / ".codex" / "config.toml"

RISKY_MODES = {"bypassPermissions", "acceptEdits"}
WILDCARD = re.compile(r"^(Bash|Write|Edit|WebFetch)\((\*|[^)]*:\*)\)$")


def recommended_deny() -> list[str]:
    return json.loads((HERE / "references" / "recommended-deny.json").read_text())


def review_claude(path: Path) -> list[str]:
    data = json.loads(path.read_text() or "{}")
    perms = data.get("permissions", {})
    out = []
    mode = perms.get("defaultMode")
    if mode in RISKY_MODES:
        out.append(f"{path}: defaultMode is '{mode}' (prompts are skipped)")
    for rule in perms.get("allow", []):
        if WILDCARD.match(rule):
            out.append(f"{path}: broad allow rule {rule}")
    missing = [d for d in recommended_deny() if d not in perms.get("deny", [])]
    if missing:
        out.append(f"{path}: {len(missing)} recommended deny rule(s) missing, e.g. {missing[0]}")
    return out


def review_codex(path: Path) -> list[str]:
    text = path.read_text()
    out = []
    if re.search(r'^approval_policy\s*=\s*"never"', text, re.M):
        out.append(f'{path}: approval_policy = "never" (no approvals)')
    if re.search(r'^sandbox_mode\s*=\s*"danger-full-access"', text, re.M):
        out.append(f'{path}: sandbox_mode = "danger-full-access" (no sandbox)')
    return out


def hardened_claude(data: dict) -> dict:
    new = json.loads(json.dumps(data))
    perms = new.setdefault("permissions", {})
    if perms.get("defaultMode") in RISKY_MODES:
        perms["defaultMode"] = "default"
    perms["allow"] = [r for r in perms.get("allow", []) if not WILDCARD.match(r)]
    deny = perms.setdefault("deny", [])
    for d in recommended_deny():
        if d not in deny:
            deny.append(d)
    return new


def hardened_codex(text: str) -> str:
    text = re.sub(r'^approval_policy\s*=.*$', 'approval_policy = "on-request"', text, flags=re.M)
    text = re.sub(r'^sandbox_mode\s*=\s*"danger-full-access"\s*$', 'sandbox_mode = "workspace-write"', text, flags=re.M)
    return text


def assert_not_looser(old: str, new: str) -> None:
    """Safety net: the output must never introduce permissive settings."""
    for marker in ("bypassPermissions", '"never"', "danger-full-access", "Bash(*)"):
        if new.count(marker) > old.count(marker):
            sys.exit(f"refusing to write: output would add {marker}")


def apply(path: Path, assume_yes: bool) -> None:
    old = path.read_text()
    if path.suffix == ".toml":
        new = hardened_codex(old)
    else:
        new = json.dumps(hardened_claude(json.loads(old or "{}")), indent=2) + "\n"
    assert_not_looser(old, new)
    if new == old:
        print(f"{path}: already hardened")
        return
    sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), new.splitlines(True),
                                               str(path), str(path) + " (hardened)"))
    if not assume_yes:
        if input("\nWrite these changes? [y/N] ").strip().lower() != "y":
            print("no changes made")
            return
    backup = path.with_name(f"{path.name}.bak-{time.strftime('%Y%m%d%H%M%S')}")
    shutil.copy2(path, backup)
    path.write_text(new)
    print(f"updated {path} (backup: {backup})")


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("review")
    a = sub.add_parser("apply")
    a.add_argument("--file", required=True)
    a.add_argument("--yes", action="store_true", help="skip the prompt (only after the user approved the diff)")
    args = ap.parse_args()

    if args.cmd == "review":
        findings = []
        for f in CLAUDE_FILES:
            if f.exists():
                findings += review_claude(f)
        if CODEX_FILE.exists():
            findings += review_codex(CODEX_FILE)
        print("\n".join(findings) if findings else "no issues found")
    else:
        p = Path(args.file).expanduser()
        if not p.exists():
            sys.exit(f"{p} not found")
        apply(p, args.yes)


if __name__ == "__main__":
    main()
