#!/usr/bin/env python3
"""Install/uninstall the status line. Touches only the statusLine key, with backup and consent."""
import argparse
import difflib
import json
import pathlib
import shutil
import sys
import time

CLAUDE = pathlib.Path.home() / ".claude"
SETTINGS = CLAUDE / "settings.json"
TARGET = CLAUDE / "statusline.sh"
SRC = pathlib.Path(__file__).resolve().parent / "statusline.sh"


def load() -> dict:
    if not SETTINGS.exists():
        return {}
    try:
        return json.loads(SETTINGS.read_text(encoding="utf-8"))
    except json.JSONDecodeError as e:
        sys.exit(f"{SETTINGS} is not valid JSON ({e}); fix it first, nothing changed")


def show_diff(old: dict, new: dict) -> bool:
    a = json.dumps(old, indent=2, sort_keys=True).splitlines()
    b = json.dumps(new, indent=2, sort_keys=True).splitlines()
    diff = list(difflib.unified_diff(a, b, str(SETTINGS), str(SETTINGS) + " (new)", lineterm=""))
    print("\n".join(diff) if diff else "no change")
    return bool(diff)


def confirm(assume_yes: bool) -> bool:
    if assume_yes:
        return True
    if not sys.stdin.isatty():
        print("not a terminal; re-run interactively to confirm")
        return False
    return input("Apply this change? [y/N] ").strip().lower() == "y"


def backup() -> pathlib.Path | None:
    if not SETTINGS.exists():
        return None
    dst = SETTINGS.with_name(f"settings.json.bak-{time.strftime('%Y%m%d-%H%M%S')}")
    shutil.copy2(SETTINGS, dst)
    return dst


def write(cfg: dict) -> None:
    tmp = SETTINGS.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(cfg, indent=2) + "\n", encoding="utf-8")
    tmp.replace(SETTINGS)


def install(assume_yes: bool) -> int:
    old = load()
    new = dict(old)
    new["statusLine"] = {"type": "command", "command": str(TARGET)}
    if not show_diff(old, new) or not confirm(assume_yes):
        print("nothing changed")
        return 0
    CLAUDE.mkdir(exist_ok=True)
    b = backup()
    shutil.copyfile(SRC, TARGET)
    TARGET.chmod(0o755)
    write(new)
    print(f"installed; backup: {b or 'none (no previous settings)'}")
    return 0


def uninstall(assume_yes: bool) -> int:
    old = load()
    backups = sorted(CLAUDE.glob("settings.json.bak-*"))
    prev = json.loads(backups[-1].read_text(encoding="utf-8")).get("statusLine") if backups else None
    new = dict(old)
    if prev is None:
        new.pop("statusLine", None)
    else:
        new["statusLine"] = prev
    if not show_diff(old, new) or not confirm(assume_yes):
        print("nothing changed")
        return 0
    backup()
    write(new)
    print("status line restored")
    return 0


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--uninstall", action="store_true")
    ap.add_argument("--yes", action="store_true", help="for scripted use by the user only")
    a = ap.parse_args()
    sys.exit(uninstall(a.yes) if a.uninstall else install(a.yes))
