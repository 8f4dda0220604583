#!/usr/bin/env python3
"""Write ~/.ssh/config.d/bastion.conf and an Include line, with backup, consent and rollback."""
import argparse
import difflib
import os
import pathlib
import re
import shutil
import subprocess
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent.parent
SSH = pathlib.Path.home() / ".ssh"
CONFIG = SSH / "config"
DROPIN_DIR = SSH / "config.d"
DROPIN = DROPIN_DIR / "bastion.conf"
INCLUDE = "Include config.d/*.conf\n"
SAFE = re.compile(r"^[A-Za-z0-9*?._-]+$")


def render(bastion, user, hosts):
    for v in (bastion, user, hosts):
        if not SAFE.match(v):
            sys.exit(f"refusing unusual value {v!r}")
    t = (HERE / "templates" / "bastion.conf.tmpl").read_text()
    return t.format(bastion=bastion, user=user, hosts=hosts)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bastion", required=True)
    ap.add_argument("--user", required=True)
    ap.add_argument("--hosts", required=True)
    ap.add_argument("--write", action="store_true")
    a = ap.parse_args()

    dropin = render(a.bastion, a.user, a.hosts)
    old = CONFIG.read_text() if CONFIG.exists() else ""
    new = old if INCLUDE.strip() in old else INCLUDE + "\n" + old

    print(f"--- {DROPIN} (new)\n{dropin}")
    sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), new.splitlines(True), str(CONFIG), str(CONFIG) + " (proposed)"))
    if DROPIN.exists():
        print(f"\nnote: {DROPIN} exists and would be replaced (a backup is kept)")
    if not a.write:
        print("\npreview only; re-run with --write after the user agrees")
        return 0
    if input("\nApply these changes to your SSH config? [y/N] ").strip().lower() != "y":
        print("nothing changed")
        return 1

    stamp = time.strftime("%Y%m%d-%H%M%S")
    SSH.mkdir(mode=0o700, exist_ok=True)
    backups = []
    for f in (CONFIG, DROPIN):
        if f.exists():
            b = f.with_name(f.name + f".bak-{stamp}")
            shutil.copy2(f, b)
            backups.append((f, b))
            print(f"backup: {b}")
    DROPIN_DIR.mkdir(mode=0o700, exist_ok=True)
    DROPIN.write_text(dropin)
    os.chmod(DROPIN, 0o600)
    if new != old:
        CONFIG.write_text(new)
        os.chmod(CONFIG, 0o600)

    probe = a.hosts.replace("*", "probe")
    res = subprocess.run(["ssh", "-G", probe], capture_output=True, text=True)
    if res.returncode != 0 or f"proxyjump {a.bastion}".lower() not in res.stdout.lower():
        print("validation failed; restoring backups\n" + res.stderr)
        DROPIN.unlink(missing_ok=True)
        for f, b in backups:
            shutil.copy2(b, f)
        if not any(f == CONFIG for f, _ in backups) and CONFIG.exists() and not old:
            CONFIG.unlink()
        return 1
    print(f"ok: ssh {probe} now jumps through {a.bastion}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
