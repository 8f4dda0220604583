#!/usr/bin/env python3
"""List or delete regenerable build directories inside the current git repo."""
import argparse
import shutil
import subprocess
import sys
from pathlib import Path

CACHE_DIRS = {
    "node_modules", "dist", "build", "target", "__pycache__", ".pytest_cache",
    ".mypy_cache", ".ruff_cache", ".next", ".nuxt", ".turbo", ".parcel-cache",
    "coverage", ".tox", ".gradle",
}


def repo_root():
    try:
        out = subprocess.check_output(["git", "rev-parse", "--show-toplevel"], text=True)
    except (OSError, subprocess.CalledProcessError):
        sys.exit("not inside a git repository; refusing to clean")
    return Path(out.strip()).resolve()


def tracked_dirs(root):
    files = subprocess.check_output(["git", "-C", str(root), "ls-files", "-z"], text=True).split("\0")
    dirs = set()
    for f in filter(None, files):
        for parent in Path(f).parents:
            dirs.add(root / parent)
    return dirs


def size_of(path):
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


def candidates(root):
    keep = tracked_dirs(root)
    stack = [root]
    while stack:
        d = stack.pop()
        for child in d.iterdir():
            if child.is_symlink() or not child.is_dir() or child.name == ".git":
                continue
            if child.name in CACHE_DIRS and child not in keep:
                yield child
            else:
                stack.append(child)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--delete", action="store_true")
    a = ap.parse_args()
    root = repo_root()
    total = 0
    found = list(candidates(root))
    for d in found:
        resolved = d.resolve()
        if root not in resolved.parents:
            continue
        s = size_of(d)
        total += s
        print(f"{s / 1e6:9.1f} MB  {d.relative_to(root)}")
        if a.delete:
            shutil.rmtree(d)
    verb = "deleted" if a.delete else "would free"
    print(f"{verb} {total / 1e6:.1f} MB in {len(found)} directories under {root}")


if __name__ == "__main__":
    main()
