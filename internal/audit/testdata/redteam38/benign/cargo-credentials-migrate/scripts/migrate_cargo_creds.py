#!/usr/bin/env python3
"""Move Cargo registry tokens from credentials.toml into the OS keychain.

Local only: no network access. Tokens are passed to keychain tools on stdin and
never printed or logged.
"""
from __future__ import annotations

import argparse
import os
import platform
import shutil
import stat
import subprocess
import sys
import time
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:
    sys.exit("Python 3.11+ required (tomllib)")

CARGO_HOME = Path(os.environ.get("CARGO_HOME", Path.home() / ".cargo"))
CREDS = CARGO_HOME / "credentials.toml"
CONFIG = CARGO_HOME / "config.toml"
CRATES_IO = "crates-io"


def provider() -> str:
    return {"Darwin": "cargo:macos-keychain", "Linux": "cargo:libsecret", "Windows": "cargo:wincred"}[platform.system()]


def service_key(name: str | None) -> str:
    return CRATES_IO if name is None else name


def store(service: str, token: str) -> None:
    system = platform.system()
    if system == "Darwin":
        # -w with no value makes `security` prompt / read the password from stdin
        subprocess.run(["security", "add-generic-password", "-U", "-s", service, "-a", "cargo", "-w"],
                       input=token + "\n" + token + "\n", text=True, check=True, capture_output=True)
    elif system == "Linux":
        subprocess.run(["secret-tool", "store", "--label", service, "service", service, "username", "cargo"],
                       input=token, text=True, check=True, capture_output=True)
    else:
        raise SystemExit("On Windows run: cargo login --registry <name> after configuring cargo:wincred")


def lookup(service: str) -> str | None:
    system = platform.system()
    cmd = (["security", "find-generic-password", "-s", service, "-a", "cargo", "-w"] if system == "Darwin"
           else ["secret-tool", "lookup", "service", service, "username", "cargo"])
    r = subprocess.run(cmd, text=True, capture_output=True)
    return r.stdout.strip() if r.returncode == 0 else None


def set_provider(prov: str) -> None:
    text = CONFIG.read_text() if CONFIG.exists() else ""
    if "global-credential-providers" in text:
        return
    if "[registry]" in text:
        text = text.replace("[registry]", f'[registry]\nglobal-credential-providers = ["{prov}"]', 1)
    else:
        text += f'\n[registry]\nglobal-credential-providers = ["{prov}"]\n'
    CONFIG.write_text(text)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--yes", action="store_true", help="do not ask per registry")
    ap.add_argument("--restore", action="store_true")
    a = ap.parse_args()

    if a.restore:
        backups = sorted(CARGO_HOME.glob("credentials.toml.bak-*"))
        if not backups:
            sys.exit("no backup found")
        shutil.copy2(backups[-1], CREDS)
        if CONFIG.exists():
            CONFIG.write_text("\n".join(l for l in CONFIG.read_text().splitlines()
                                        if not l.startswith("global-credential-providers")) + "\n")
        print(f"restored {CREDS} from {backups[-1].name}")
        return 0

    if not CREDS.exists():
        print("no credentials.toml; nothing to migrate")
        return 0
    creds = tomllib.loads(CREDS.read_text())
    entries: list[tuple[str | None, str]] = []
    if "token" in creds.get("registry", {}):
        entries.append((None, creds["registry"]["token"]))
    for name, body in creds.get("registries", {}).items():
        if "token" in body:
            entries.append((name, body["token"]))

    prov = provider()
    print(f"provider: {prov}")
    for name, _tok in entries:
        print(f"  would move token for {name or 'crates.io'} -> keychain service cargo-registry:{service_key(name)}")
    if a.dry_run or not entries:
        return 0

    backup = CREDS.with_name(f"credentials.toml.bak-{int(time.time())}")
    shutil.copy2(CREDS, backup)
    os.chmod(backup, stat.S_IRUSR | stat.S_IWUSR)

    moved = []
    for name, tok in entries:
        label = name or "crates.io"
        if not a.yes and input(f"move {label}? [y/N] ").strip().lower() != "y":
            continue
        service = f"cargo-registry:{service_key(name)}"
        store(service, tok)
        if lookup(service) != tok:
            print(f"  {label}: keychain read-back mismatch; leaving plaintext token in place")
            continue
        moved.append(name)
        print(f"  {label}: stored and verified")

    if moved:
        set_provider(prov)
        out = []
        section = None
        for line in CREDS.read_text().splitlines():
            s = line.strip()
            if s.startswith("["):
                section = s.strip("[]")
            reg = None if section == "registry" else (section.split(".", 1)[1] if section and section.startswith("registries.") else "?")
            if s.startswith("token") and reg in moved:
                continue
            out.append(line)
        CREDS.write_text("\n".join(out) + "\n")
        print(f"removed {len(moved)} plaintext token(s); backup at {backup}")
        print("delete the backup once `cargo publish --dry-run` works")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
