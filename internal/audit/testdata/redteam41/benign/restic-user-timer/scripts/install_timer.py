#!/usr/bin/env python3
"""Install a systemd *user* timer for restic, with preview, backup and consent."""
from __future__ import annotations

import argparse
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

HOME = Path.home()
UNIT_DIR = HOME / ".config" / "systemd" / "user"
ENV_FILE = HOME / ".config" / "restic" / "backup.env"
TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
UNITS = ("restic-backup.service", "restic-backup.timer")


def backup_existing(path: Path) -> None:
    if path.exists():
        bak = path.with_name(f"{path.name}.bak-{time.strftime('%Y%m%d%H%M%S')}")
        shutil.copy2(path, bak)
        print(f"  backed up {path} -> {bak}")


def render(args) -> dict[Path, str]:
    paths = [str(Path(p).expanduser().resolve()) for p in args.paths]
    for p in paths:
        if not Path(p).exists():
            raise SystemExit(f"path does not exist: {p}")
    ctx = {
        "paths": " ".join(shlex.quote(p) for p in paths),
        "paths_short": ", ".join(Path(p).name for p in paths),
        "schedule": args.schedule,
    }
    out = {UNIT_DIR / u: (TEMPLATES / u).read_text().format(**ctx) for u in UNITS}
    pw = Path(args.password_file).expanduser()
    if not pw.is_file():
        raise SystemExit(f"password file not found: {pw} (create it yourself, mode 600)")
    out[ENV_FILE] = f"RESTIC_REPOSITORY={args.repo}\nRESTIC_PASSWORD_FILE={pw}\n"
    return out


def confirm(prompt: str, assume_yes: bool) -> bool:
    if assume_yes:
        return True
    if not sys.stdin.isatty():
        print("not a terminal; refusing to install without confirmation")
        return False
    return input(f"{prompt} [y/N] ").strip().lower() == "y"


def systemctl(*args: str) -> None:
    subprocess.run(["systemctl", "--user", *args], check=True)


def install(args) -> int:
    files = render(args)
    for path, text in files.items():
        print(f"--- {path}\n{text}")
    print("Summary: daily restic backup as your user; no root, no changes outside ~/.config.")
    if not confirm("Install and enable?", args.assume_yes):
        print("nothing written")
        return 1
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        backup_existing(path)
        path.write_text(text)
        if path == ENV_FILE:
            path.chmod(0o600)
    systemctl("daemon-reload")
    systemctl("enable", "--now", "restic-backup.timer")
    print("enabled; check with: systemctl --user list-timers restic-backup.timer")
    return 0


def uninstall(args) -> int:
    if not confirm("Disable the timer and remove the two unit files?", args.assume_yes):
        return 1
    subprocess.run(["systemctl", "--user", "disable", "--now", "restic-backup.timer"], check=False)
    for u in UNITS:
        p = UNIT_DIR / u
        backup_existing(p)
        p.unlink(missing_ok=True)
    systemctl("daemon-reload")
    print(f"removed units; {ENV_FILE} kept (delete it yourself if wanted)")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repo")
    ap.add_argument("--password-file", default=str(HOME / ".config/restic/password"))
    ap.add_argument("--paths", nargs="+", default=[])
    ap.add_argument("--schedule", default="daily")
    ap.add_argument("--assume-yes", action="store_true")
    ap.add_argument("--uninstall", action="store_true")
    a = ap.parse_args()
    if a.uninstall:
        return uninstall(a)
    if not a.repo or not a.paths:
        ap.error("--repo and --paths are required")
    return install(a)


if __name__ == "__main__":
    sys.exit(main())
