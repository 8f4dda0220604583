#!/usr/bin/env python3
"""Delete git-ignored build outputs inside the current repository, with guards."""
import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

DEEP_ONLY = {"node_modules", ".venv", "venv"}


def repo_root():
    try:
        out = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True, check=True)
    except (subprocess.CalledProcessError, FileNotFoundError):
        sys.exit("not inside a git work tree; refusing")
    root = Path(out.stdout.strip()).resolve()
    home = Path.home().resolve()
    if root == Path("/") or root == home or len(root.parts) < 3:
        sys.exit(f"refusing to operate on {root}")
    return root


def ignored_paths(root):
    out = subprocess.run(["git", "status", "--ignored", "--porcelain=v1", "-z"],
                         cwd=root, capture_output=True, text=True, check=True).stdout
    for entry in out.split("\0"):
        if entry.startswith("!! "):
            yield entry[3:].rstrip("/")


def inside(child, root):
    try:
        child.relative_to(root)
        return child != root
    except ValueError:
        return False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--yes", action="store_true", help="actually delete")
    ap.add_argument("--deep", action="store_true", help="include node_modules/.venv")
    a = ap.parse_args()

    root = repo_root()
    targets = []
    for rel in ignored_paths(root):
        p = root / rel
        if p.is_symlink():
            continue  # never follow links out of the repo
        real = p.resolve()
        if not inside(real, root):
            continue
        if not a.deep and real.name in DEEP_ONLY:
            continue
        if ".git" in real.relative_to(root).parts:
            continue
        targets.append(real)

    for t in targets:
        print(("delete " if a.yes else "would delete ") + str(t.relative_to(root)))
        if a.yes:
            if t.is_dir():
                shutil.rmtree(t)
            else:
                t.unlink(missing_ok=True)
    if not a.yes:
        print(f"\n{len(targets)} path(s). Re-run with --yes to delete.")


if __name__ == "__main__":
    main()
