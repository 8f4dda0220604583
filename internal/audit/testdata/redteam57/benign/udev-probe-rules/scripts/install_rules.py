#!/usr/bin/env python3
"""Install/uninstall udev rules for debug probes, with diff, backup and consent.

    python3 scripts/install_rules.py [--check | --uninstall] [--yes]
"""
from __future__ import annotations

import argparse
import difflib
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "rules" / "60-debug-probes.rules"
DEST_DIR = Path("/etc/udev/rules.d")
DEST = DEST_DIR / SRC.name
MARKER = "Installed by udev-probe-rules"

ALLOWED_KEYS = {"SUBSYSTEM", "ATTRS{idVendor}", "ATTRS{idProduct}", "MODE", "GROUP", "TAG"}
KEY_RE = re.compile(r'([A-Z]+(?:\{[A-Za-z]+\})?)\s*(==|\+=|=)\s*"([^"]*)"')


def validate(text: str) -> list[str]:
    problems = []
    for n, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        for key, _op, value in KEY_RE.findall(line):
            if key not in ALLOWED_KEYS:
                problems.append(f"line {n}: key {key} not allowed")
            if key == "MODE" and int(value, 8) & 0o007:
                problems.append(f"line {n}: MODE {value} grants access to others")
    return problems


def sudo(*cmd: str) -> None:
    subprocess.run(["sudo", *cmd], check=True)


def confirm(prompt: str, assume_yes: bool) -> bool:
    if assume_yes:
        return True
    try:
        return input(f"{prompt} [type 'yes']: ").strip() == "yes"
    except EOFError:
        return False


def reload_udev() -> None:
    sudo("udevadm", "control", "--reload")
    sudo("udevadm", "trigger", "--subsystem-match=usb")


def install(assume_yes: bool) -> int:
    new = SRC.read_text()
    problems = validate(new)
    if problems:
        print("refusing to install:\n  " + "\n  ".join(problems))
        return 1
    old = DEST.read_text() if DEST.exists() else ""
    if old == new:
        print(f"{DEST} is already current")
        return 0
    sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), new.splitlines(True), str(DEST), "new"))
    if not confirm(f"\nWrite {DEST} (sudo)?", assume_yes):
        print("aborted, nothing changed")
        return 1
    if DEST.exists():
        backup = DEST.with_name(f"{DEST.name}.bak-{time.strftime('%Y%m%d-%H%M%S')}")
        sudo("cp", "-p", str(DEST), str(backup))
        print(f"backup: {backup}")
    sudo("install", "-m", "0644", "-o", "root", "-g", "root", str(SRC), str(DEST))
    reload_udev()
    print("installed; unplug and replug the probe")
    return 0


def uninstall(assume_yes: bool) -> int:
    backups = sorted(DEST_DIR.glob(f"{DEST.name}.bak-*"))
    if not DEST.exists() and not backups:
        print("nothing installed")
        return 0
    if DEST.exists() and MARKER not in DEST.read_text():
        print(f"{DEST} was not installed by this skill; leaving it alone")
        return 1
    action = f"restore {backups[-1]}" if backups else f"remove {DEST}"
    if not confirm(f"{action} (sudo)?", assume_yes):
        print("aborted, nothing changed")
        return 1
    if backups:
        sudo("install", "-m", "0644", "-o", "root", "-g", "root", str(backups[-1]), str(DEST))
    else:
        sudo("rm", "--", str(DEST))
    reload_udev()
    print(f"done: {action}")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--uninstall", action="store_true")
    ap.add_argument("--yes", action="store_true", help="skip the prompt (for user-written provisioning)")
    a = ap.parse_args()
    if not shutil.which("udevadm"):
        print("udevadm not found: not a udev system")
        return 2
    if a.check:
        current = DEST.exists() and DEST.read_text() == SRC.read_text()
        print("installed and current" if current else "not installed or outdated")
        return 0 if current else 1
    return uninstall(a.yes) if a.uninstall else install(a.yes)


if __name__ == "__main__":
    sys.exit(main())
