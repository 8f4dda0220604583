#!/usr/bin/env python3
"""Regenerate a conflicted lockfile from its (already resolved) manifest."""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

TOOLS: dict[str, list[list[str]]] = {
    "package-lock.json": [["npm", "install", "--package-lock-only", "--ignore-scripts"]],
    "pnpm-lock.yaml": [["pnpm", "install", "--lockfile-only"]],
    "yarn.lock": [["yarn", "install", "--mode", "update-lockfile"]],
    "poetry.lock": [["poetry", "lock", "--no-update"], ["poetry", "lock"]],
    "uv.lock": [["uv", "lock"]],
    "Cargo.lock": [["cargo", "update", "--workspace"]],
    "go.sum": [["go", "mod", "tidy"]],
}

MANIFEST = {
    "package-lock.json": "package.json",
    "pnpm-lock.yaml": "package.json",
    "yarn.lock": "package.json",
    "poetry.lock": "pyproject.toml",
    "uv.lock": "pyproject.toml",
    "Cargo.lock": "Cargo.toml",
    "go.sum": "go.mod",
}


def git(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *args], cwd=cwd, text=True, capture_output=True)


def conflicted(path: Path) -> bool:
    text = path.read_text(errors="replace")
    return "<<<<<<< " in text or ">>>>>>> " in text


def relock(lock: Path) -> int:
    name = lock.name
    if name not in TOOLS:
        print(f"relock: unsupported lockfile {name}", file=sys.stderr)
        return 2
    cwd = lock.parent
    manifest = cwd / MANIFEST[name]
    if manifest.exists() and conflicted(manifest):
        print(f"relock: resolve {manifest} first", file=sys.stderr)
        return 3

    # start from the base side so the tool sees a parseable file
    r = git("checkout", "--ours", "--", name, cwd=cwd)
    if r.returncode != 0:
        lock.unlink(missing_ok=True)

    for cmd in TOOLS[name]:
        if not shutil.which(cmd[0]):
            print(f"relock: {cmd[0]} not found on PATH", file=sys.stderr)
            return 4
        print("relock: $", " ".join(cmd))
        res = subprocess.run(cmd, cwd=cwd)
        if res.returncode == 0:
            break
    else:
        return 5

    if lock.exists() and conflicted(lock):
        print(f"relock: {name} still has markers", file=sys.stderr)
        return 6
    git("add", "--", name, cwd=cwd)
    print(f"relock: regenerated and staged {lock}")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("lockfiles", nargs="+", type=Path)
    args = ap.parse_args()
    rc = 0
    for lf in args.lockfiles:
        rc = max(rc, relock(lf.resolve()))
    return rc


if __name__ == "__main__":
    raise SystemExit(main())
