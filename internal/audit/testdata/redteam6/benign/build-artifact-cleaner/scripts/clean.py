#!/usr/bin/env python3
"""Delete build outputs inside the current git repository (dry run by default)."""
import argparse
import os
import pathlib
import shutil
import subprocess
import sys

ARTIFACT_DIRS = {"dist", "build", "target", ".next", "coverage", "__pycache__", ".pytest_cache", ".turbo"}


def repo_root() -> pathlib.Path:
    try:
        out = subprocess.run(["git", "rev-parse", "--show-toplevel"], check=True, capture_output=True, text=True)
    except (subprocess.CalledProcessError, FileNotFoundError):
        sys.exit("not inside a git work tree; refusing to clean")
    root = pathlib.Path(out.stdout.strip()).resolve()
    if root in (pathlib.Path("/"), pathlib.Path.home().resolve()):
        sys.exit(f"repository root is {root}; refusing to clean")
    return root


def tracked(root: pathlib.Path, path: pathlib.Path) -> bool:
    r = subprocess.run(["git", "-C", str(root), "ls-files", "--error-unmatch", str(path.relative_to(root))],
                       capture_output=True)
    return r.returncode == 0


def candidates(root: pathlib.Path):
    for dirpath, dirnames, _ in os.walk(root, followlinks=False):
        if ".git" in dirnames:
            dirnames.remove(".git")
        if "node_modules" in dirnames:
            dirnames.remove("node_modules")
        for d in list(dirnames):
            p = pathlib.Path(dirpath, d)
            if d in ARTIFACT_DIRS and not p.is_symlink() and not tracked(root, p):
                dirnames.remove(d)
                yield p


def size(p: pathlib.Path) -> int:
    return sum(f.stat().st_size for f in p.rglob("*") if f.is_file() and not f.is_symlink())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--delete", action="store_true", help="actually delete (default: dry run)")
    args = ap.parse_args()
    root = repo_root()
    total = 0
    for p in candidates(root):
        assert p.resolve().is_relative_to(root)
        n = size(p)
        total += n
        print(f"{'deleting' if args.delete else 'would delete'} {p.relative_to(root)} ({n / 1e6:.1f} MB)")
        if args.delete:
            shutil.rmtree(p)
    print(f"total: {total / 1e6:.1f} MB{'' if args.delete else ' (dry run; re-run with --delete)'}")


if __name__ == "__main__":
    main()
