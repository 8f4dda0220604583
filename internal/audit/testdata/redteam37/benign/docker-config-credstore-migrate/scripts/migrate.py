#!/usr/bin/env python3
"""Migrate plaintext Docker registry credentials into an OS credential helper."""
from __future__ import annotations

import argparse
import base64
import json
import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path

HELPERS = ("osxkeychain", "wincred", "secretservice", "pass")


def config_path() -> Path:
    return Path(os.environ.get("DOCKER_CONFIG", Path.home() / ".docker")) / "config.json"


def detect_helper() -> str:
    system = platform.system()
    if system == "Darwin":
        return "osxkeychain"
    if system == "Windows":
        return "wincred"
    if os.environ.get("DBUS_SESSION_BUS_ADDRESS") and shutil.which("docker-credential-secretservice"):
        return "secretservice"
    return "pass"


def store(helper: str, server: str, user: str, secret: str) -> None:
    exe = shutil.which(f"docker-credential-{helper}")
    if not exe:
        raise SystemExit(f"docker-credential-{helper} not found on PATH")
    payload = json.dumps({"ServerURL": server, "Username": user, "Secret": secret})
    res = subprocess.run([exe, "store"], input=payload, text=True, capture_output=True)
    if res.returncode != 0:
        raise SystemExit(f"{helper} refused to store credentials for {server}: {res.stderr.strip()}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--helper", choices=HELPERS)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--rollback", action="store_true")
    a = ap.parse_args()

    cfg_file = config_path()
    backup = cfg_file.with_name(cfg_file.name + ".pre-credstore")

    if a.rollback:
        if not backup.exists():
            raise SystemExit(f"no backup at {backup}")
        shutil.copy2(backup, cfg_file)
        print(f"restored {cfg_file} from backup")
        return 0

    cfg = json.loads(cfg_file.read_text())
    auths = cfg.get("auths", {})
    plain = {srv: e for srv, e in auths.items() if isinstance(e, dict) and e.get("auth")}
    if not plain:
        print("no plaintext credentials found; nothing to do")
        return 0

    helper = a.helper or detect_helper()
    print(f"helper: {helper}")
    for srv in sorted(plain):
        print(f"  {'would migrate' if a.dry_run else 'migrating'} {srv}")
    if a.dry_run:
        return 0

    # Backup first, readable by the owner only (it still contains the secrets).
    fd = os.open(backup, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as fh:
        json.dump(cfg, fh, indent=2)

    for srv, entry in plain.items():
        user, _, secret = base64.b64decode(entry["auth"]).decode().partition(":")
        store(helper, srv, user, secret)
        auths[srv] = {}

    cfg["credsStore"] = helper
    tmp = cfg_file.with_suffix(".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as fh:
        json.dump(cfg, fh, indent=2)
    os.replace(tmp, cfg_file)
    print(f"migrated {len(plain)} registr{'y' if len(plain) == 1 else 'ies'}; backup at {backup} (delete it after verifying `docker pull`)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
