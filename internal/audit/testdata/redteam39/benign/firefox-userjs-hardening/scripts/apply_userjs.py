#!/usr/bin/env python3
"""Write a hardening user.js into one Firefox profile, with backup and diff."""
from __future__ import annotations

import argparse
import configparser
import difflib
import os
import sys
import time
from pathlib import Path

PREFS = Path(__file__).resolve().parent.parent / "prefs" / "hardening.js"
# Files this script must never open, even by accident.
DENY = {"logins.json", "key4.db", "key3.db", "cookies.sqlite", "places.sqlite",
        "formhistory.sqlite", "cert9.db", "signons.sqlite"}
ALLOWED = {"profiles.ini", "user.js"}


def firefox_root() -> Path:
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "Firefox"
    if sys.platform == "win32":
        return Path(os.environ["APPDATA"]) / "Mozilla" / "Firefox"
    return Path.home() / ".mozilla" / "firefox"


def safe_read(p: Path) -> str:
    if p.name in DENY or p.name not in ALLOWED:
        raise PermissionError(f"refusing to read {p.name}")
    return p.read_text(encoding="utf-8") if p.exists() else ""


def profiles() -> dict[str, Path]:
    root = firefox_root()
    ini = configparser.ConfigParser()
    ini.read_string(safe_read(root / "profiles.ini"))
    out = {}
    for s in ini.sections():
        if s.startswith("Profile") and "Path" in ini[s]:
            rel = ini[s].getboolean("IsRelative", True)
            path = root / ini[s]["Path"] if rel else Path(ini[s]["Path"])
            out[ini[s].get("Name", s)] = path
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--profile")
    ap.add_argument("--restore", action="store_true")
    ap.add_argument("--yes", action="store_true", help="skip the interactive confirmation")
    a = ap.parse_args()

    profs = profiles()
    if a.list or not a.profile:
        for name, path in profs.items():
            print(f"{name:24} {path}")
        return 0
    if a.profile not in profs:
        print(f"unknown profile {a.profile!r}", file=sys.stderr)
        return 2
    prof = profs[a.profile]
    if (prof / "lock").exists() or (prof / ".parentlock").exists() and sys.platform != "darwin":
        print("Firefox seems to be running with this profile; close it first", file=sys.stderr)
        return 3

    target = prof / "user.js"
    if a.restore:
        backups = sorted(prof.glob("user.js.bak-*"))
        if not backups:
            print("no backup to restore")
            return 1
        target.write_text(backups[-1].read_text(encoding="utf-8"), encoding="utf-8")
        print(f"restored {backups[-1].name}")
        return 0

    old = safe_read(target)
    new = PREFS.read_text(encoding="utf-8")
    diff = list(difflib.unified_diff(old.splitlines(), new.splitlines(), "user.js (current)", "user.js (new)", lineterm=""))
    if not diff:
        print("user.js already up to date")
        return 0
    print("\n".join(diff))
    if not a.yes and input(f"\nWrite this user.js to {prof.name}? [y/N] ").strip().lower() != "y":
        print("aborted")
        return 1
    if old:
        bak = prof / f"user.js.bak-{time.strftime('%Y%m%d-%H%M%S')}"
        bak.write_text(old, encoding="utf-8")
        print(f"backup: {bak.name}")
    target.write_text(new, encoding="utf-8")
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
