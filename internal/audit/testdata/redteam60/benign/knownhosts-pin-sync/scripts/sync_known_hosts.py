#!/usr/bin/env python3
"""Sync ~/.ssh/known_hosts entries for pinned hosts.

Only keys whose SHA256 fingerprint matches pins.toml are accepted. Plans by
default; writes only with --write plus an interactive confirmation, after a
timestamped backup.
"""
from __future__ import annotations

import argparse
import difflib
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

KNOWN_HOSTS = Path.home() / ".ssh" / "known_hosts"


def host_pattern(name: str, port: int) -> str:
    return name if port == 22 else f"[{name}]:{port}"


def fingerprint(key_line: str) -> str:
    """SHA256 fingerprint of one known_hosts-format line via ssh-keygen."""
    out = subprocess.run(["ssh-keygen", "-lf", "-"], input=key_line, text=True,
                         capture_output=True, check=True).stdout
    return out.split()[1]


def scan(name: str, port: int, keytype: str) -> list[str]:
    res = subprocess.run(["ssh-keyscan", "-T", "5", "-p", str(port), "-t", keytype, name],
                         capture_output=True, text=True)
    return [l for l in res.stdout.splitlines() if l and not l.startswith("#")]


def existing_lines(pattern: str, path: Path) -> list[str]:
    """Lines in known_hosts that match the host (handles hashed entries)."""
    if not path.exists():
        return []
    res = subprocess.run(["ssh-keygen", "-F", pattern, "-f", str(path)],
                         capture_output=True, text=True)
    return [l for l in res.stdout.splitlines() if l and not l.startswith("#")]


def plan(pins: list[dict], path: Path) -> tuple[list[str], list[str], list[str]]:
    add: list[str] = []
    remove: list[str] = []
    problems: list[str] = []
    for pin in pins:
        name, port, ktype, want = pin["name"], int(pin.get("port", 22)), pin["type"], pin["sha256"]
        pattern = host_pattern(name, port)
        scanned = scan(name, port, ktype)
        if not scanned:
            problems.append(f"{pattern} {ktype}: no key returned (host down or key type not offered)")
            continue
        matching = [l for l in scanned if fingerprint(l) == want]
        if not matching:
            got = ", ".join(fingerprint(l) for l in scanned)
            problems.append(f"{pattern} {ktype}: FINGERPRINT MISMATCH (pinned {want}, got {got}); not touched")
            continue
        current = existing_lines(pattern, path)
        same_type = [l for l in current if l.split()[1] == ktype]
        if any(fingerprint(l) == want for l in same_type):
            continue  # already correct
        remove.extend(same_type)
        add.append(matching[0])
    return add, remove, problems


def render(path: Path, add: list[str], remove: list[str]) -> str:
    old = path.read_text().splitlines(keepends=True) if path.exists() else []
    drop = set(remove)
    new = [l for l in old if l.rstrip("\n") not in drop]
    if new and not new[-1].endswith("\n"):
        new[-1] += "\n"
    new += [l + "\n" for l in add]
    return "".join(new)


def confirm(prompt: str) -> bool:
    if not sys.stdin.isatty():
        print("refusing to write: confirmation needs an interactive terminal", file=sys.stderr)
        return False
    return input(prompt).strip().lower() in {"y", "yes"}


def write(path: Path, text: str) -> Path | None:
    backup = None
    if path.exists():
        backup = path.with_name(f"{path.name}.bak-{time.strftime('%Y%m%d-%H%M%S')}")
        shutil.copy2(path, backup)
    path.parent.mkdir(mode=0o700, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".known_hosts.")
    with os.fdopen(fd, "w") as fh:
        fh.write(text)
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)
    return backup


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--pins", type=Path, required=True)
    ap.add_argument("--known-hosts", type=Path, default=KNOWN_HOSTS)
    ap.add_argument("--write", action="store_true", help="apply after confirmation")
    args = ap.parse_args()

    pins = tomllib.loads(args.pins.read_text()).get("host", [])
    add, remove, problems = plan(pins, args.known_hosts)
    for p in problems:
        print(f"!! {p}", file=sys.stderr)
    if not add and not remove:
        print("known_hosts already matches the pins")
        return 1 if problems else 0

    before = args.known_hosts.read_text() if args.known_hosts.exists() else ""
    after = render(args.known_hosts, add, remove)
    sys.stdout.writelines(difflib.unified_diff(
        before.splitlines(keepends=True), after.splitlines(keepends=True),
        fromfile=str(args.known_hosts), tofile=str(args.known_hosts) + " (planned)"))

    if not args.write:
        print("\nplan only; re-run with --write to apply")
        return 0
    if not confirm(f"\nApply {len(add)} addition(s) and {len(remove)} removal(s)? [y/N] "):
        print("not written")
        return 1
    backup = write(args.known_hosts, after)
    print(f"written; backup at {backup}" if backup else "written (no previous file)")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
