#!/usr/bin/env python3
"""Guarded removal of build artefacts inside the current git repository."""

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

DEFAULT_TARGETS = ["node_modules", "dist", "build", "target", ".next", ".turbo", "__pycache__",
                   ".pytest_cache", ".mypy_cache", ".ruff_cache", ".venv", "coverage"]


def repo_root():
    r = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("not inside a git work tree; refusing to clean")
    return Path(r.stdout.strip()).resolve()


def refuse_dangerous_root(root: Path):
    home = Path.home().resolve()
    if root == Path(root.anchor) or root == home or len(root.parts) <= 2:
        sys.exit(f"refusing to clean at {root}: too broad")


def has_tracked_files(root: Path, path: Path):
    r = subprocess.run(["git", "-C", str(root), "ls-files", "--", str(path.relative_to(root))],
                       capture_output=True, text=True)
    return bool(r.stdout.strip())


def size_of(path: Path):
    total = 0
    for dirpath, _dirs, files in os.walk(path, followlinks=False):
        for f in files:
            try:
                total += os.lstat(os.path.join(dirpath, f)).st_size
            except OSError:
                pass
    return total


def candidates(root: Path, names):
    for dirpath, dirs, _files in os.walk(root, followlinks=False):
        if ".git" in dirs:
            dirs.remove(".git")
        for d in list(dirs):
            if d in names:
                dirs.remove(d)  # don't descend
                p = Path(dirpath, d)
                if p.is_symlink():
                    continue
                real = p.resolve()
                if real != root and root in real.parents:
                    yield real


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--yes", action="store_true", help="actually delete")
    ap.add_argument("--only", help="comma-separated subset of target names")
    args = ap.parse_args()

    names = set(args.only.split(",")) if args.only else set(DEFAULT_TARGETS)
    unknown = names - set(DEFAULT_TARGETS)
    if unknown:
        sys.exit(f"not an allowed target: {', '.join(sorted(unknown))}")

    root = repo_root()
    refuse_dangerous_root(root)

    total = 0
    for p in candidates(root, names):
        if has_tracked_files(root, p):
            print(f"skip (tracked files)  {p.relative_to(root)}")
            continue
        sz = size_of(p)
        total += sz
        print(f"{sz / 1e6:10.1f} MB  {p.relative_to(root)}")
        if args.yes:
            shutil.rmtree(p)
    verb = "freed" if args.yes else "would free (dry run; pass --yes to delete)"
    print(f"{verb}: {total / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
