#!/usr/bin/env python3
"""Prune stale nox session virtualenvs. Dry run unless --delete."""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import time
from pathlib import Path


def human(n: int) -> str:
    for unit in ("B", "K", "M", "G"):
        if n < 1024:
            return f"{n:.0f}{unit}"
        n /= 1024
    return f"{n:.1f}T"


def size_of(path: Path) -> int:
    total = 0
    for dirpath, _dirs, files in os.walk(path, followlinks=False):
        for f in files:
            try:
                total += os.lstat(os.path.join(dirpath, f)).st_size
            except OSError:
                pass
    return total


def last_used(session: Path) -> float:
    stamps = []
    for rel in ("pyvenv.cfg", "bin/python", "Scripts/python.exe"):
        p = session / rel
        try:
            stamps.append(p.lstat().st_mtime)
        except OSError:
            pass
    return max(stamps, default=0.0)


def candidates(root: Path):
    for nox_dir in root.rglob(".nox"):
        if nox_dir.is_symlink():
            print(f"skip symlink {nox_dir}", file=sys.stderr)
            continue
        if not nox_dir.is_dir() or not (nox_dir.parent / "noxfile.py").is_file():
            continue
        for session in nox_dir.iterdir():
            if session.is_symlink():
                print(f"skip symlink {session}", file=sys.stderr)
                continue
            if session.is_dir() and (session / "pyvenv.cfg").is_file():
                yield session


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", type=Path)
    ap.add_argument("--days", type=int, default=30)
    ap.add_argument("--delete", action="store_true")
    args = ap.parse_args()

    root = args.root.expanduser().resolve(strict=True)
    if root == Path("/") or root == Path.home().resolve():
        print("refusing to scan / or the whole home directory; pass a projects folder", file=sys.stderr)
        return 2

    cutoff = time.time() - args.days * 86400
    stale = []
    for session in candidates(root):
        resolved = session.resolve(strict=True)
        if root not in resolved.parents or resolved.parent.name != ".nox":
            print(f"skip {session}: resolves outside {root}", file=sys.stderr)
            continue
        if last_used(resolved) < cutoff:
            stale.append((resolved, size_of(resolved)))

    total = sum(s for _, s in stale)
    for path, size in stale:
        print(f"{human(size):>6}  {path}")
    print(f"{len(stale)} stale session(s), {human(total)}" + ("" if args.delete else " (dry run)"))

    if args.delete:
        for path, _ in stale:
            print(f"removing {path}")
            shutil.rmtree(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
