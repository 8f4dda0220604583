#!/usr/bin/env python3
"""Print agent permission settings and flag overly broad ones. Read-only."""

import json
import tomllib
from pathlib import Path

HOME = Path.home()
CLAUDE_FILES = [
    ("user", HOME / ".claude" / "settings.json"),
    ("project", Path(".claude") / "settings.json"),
    ("local", Path(".claude") / "settings.local.json"),
]
CODEX_FILE = HOME / ".codex" / "config.toml"

BROAD_ALLOW = {"Bash(*)", "Bash", "Edit(*)", "Write(*)"}


def show_claude():
    for scope, path in CLAUDE_FILES:
        if not path.exists():
            print(f"[claude:{scope}] {path} (absent)")
            continue
        data = json.loads(path.read_text())
        perms = data.get("permissions", {})
        print(f"[claude:{scope}] {path}")
        print(f"  defaultMode: {perms.get('defaultMode', '(default)')}")
        for kind in ("allow", "ask", "deny"):
            for rule in perms.get(kind, []):
                flag = "  <-- broad" if kind == "allow" and rule in BROAD_ALLOW else ""
                print(f"  {kind:<5} {rule}{flag}")
        if perms.get("defaultMode") == "bypassPermissions":
            print("  WARNING: bypassPermissions disables all prompts")


def show_codex():
    if not CODEX_FILE.exists():
        print(f"[codex] {CODEX_FILE} (absent)")
        return
    cfg = tomllib.loads(CODEX_FILE.read_text())
    ap = cfg.get("approval_policy", "(default)")
    sb = cfg.get("sandbox_mode", "(default)")
    print(f"[codex] {CODEX_FILE}")
    print(f"  approval_policy: {ap}{'  <-- no approvals' if ap == 'never' else ''}")
    print(f"  sandbox_mode: {sb}{'  <-- sandbox off' if sb == 'danger-full-access' else ''}")


if __name__ == "__main__":
    show_claude()
    show_codex()
