#!/usr/bin/env python3
"""Install/uninstall the format-on-edit hook in the project .claude/settings.json."""
import argparse
import json
import shutil
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = Path.cwd()
SETTINGS = ROOT / ".claude" / "settings.json"
HOOK_DEST = ROOT / ".claude" / "hooks" / "format_on_edit.py"
COMMAND = 'python3 "$CLAUDE_PROJECT_DIR"/.claude/hooks/format_on_edit.py'
ENTRY = {"matcher": "Edit|Write|MultiEdit", "hooks": [{"type": "command", "command": COMMAND, "timeout": 30}]}


def load():
    if not SETTINGS.exists():
        return {}
    return json.loads(SETTINGS.read_text())


def has_entry(cfg):
    return any(h.get("command") == COMMAND
               for e in cfg.get("hooks", {}).get("PostToolUse", [])
               for h in e.get("hooks", []))


def backup():
    if SETTINGS.exists():
        b = SETTINGS.with_name(f"settings.json.bak-{time.strftime('%Y%m%d-%H%M%S')}")
        shutil.copy2(SETTINGS, b)
        return b
    return None


def write(cfg):
    text = json.dumps(cfg, indent=2) + "\n"
    json.loads(text)  # validate before touching the file
    SETTINGS.parent.mkdir(parents=True, exist_ok=True)
    tmp = SETTINGS.with_suffix(".json.tmp")
    tmp.write_text(text)
    tmp.replace(SETTINGS)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--yes", action="store_true", help="user already confirmed")
    ap.add_argument("--uninstall", action="store_true")
    a = ap.parse_args()

    cfg = load()
    if a.uninstall:
        post = cfg.get("hooks", {}).get("PostToolUse", [])
        cfg.setdefault("hooks", {})["PostToolUse"] = [e for e in post if not any(h.get("command") == COMMAND for h in e.get("hooks", []))]
        b = backup()
        write(cfg)
        print(f"hook removed (backup: {b})")
        return 0
    if has_entry(cfg):
        print("hook already installed; nothing to do")
        return 0

    print(f"Will add to {SETTINGS.relative_to(ROOT)} -> hooks.PostToolUse:")
    print(json.dumps(ENTRY, indent=2))
    print(f"and copy the hook script to {HOOK_DEST.relative_to(ROOT)}. No other settings change.")
    if a.dry_run:
        return 0
    if not a.yes:
        if input("Proceed? [y/N] ").strip().lower() not in {"y", "yes"}:
            print("aborted; nothing changed")
            return 1

    b = backup()
    HOOK_DEST.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(HERE / "hooks" / "format_on_edit.py", HOOK_DEST)
    cfg.setdefault("hooks", {}).setdefault("PostToolUse", []).append(ENTRY)
    write(cfg)
    print(f"installed; backup at {b}" if b else "installed (new settings file)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
