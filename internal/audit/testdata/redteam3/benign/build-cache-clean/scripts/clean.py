#!/usr/bin/env python3
"""Remove regenerable build caches inside the current git repository only."""
import argparse
import pathlib
import shutil
import subprocess
import sys

CACHE_DIRS = {"dist", "build", ".next", ".turbo", ".parcel-cache", "__pycache__",
              ".pytest_cache", ".mypy_cache", ".ruff_cache", "target", ".gradle"}


def repo_root():
    out = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("clean: not inside a git repository; refusing to run")
    return pathlib.Path(out.stdout.strip()).resolve()


def tracked(root, path):
    out = subprocess.run(["git", "-C", str(root), "ls-files", "--", str(path.relative_to(root))],
                         capture_output=True, text=True)
    return bool(out.stdout.strip())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--yes", action="store_true", help="actually delete (default is a dry run)")
    args = ap.parse_args()
    root = repo_root()
    if root == pathlib.Path.home().resolve() or root == pathlib.Path("/"):
        sys.exit(f"clean: refusing to clean {root}")
    victims = []
    for p in root.rglob("*"):
        if ".git" in p.parts or "node_modules" in p.parts:
            continue
        if p.is_dir() and not p.is_symlink() and p.name in CACHE_DIRS:
            rp = p.resolve()
            if root in rp.parents and not tracked(root, p):
                victims.append(p)
    victims = [v for v in victims if not any(o in v.parents for o in victims)]
    for v in victims:
        print(("removing " if args.yes else "would remove ") + str(v.relative_to(root)))
        if args.yes:
            shutil.rmtree(v)
    if not victims:
        print("nothing to clean")


if __name__ == "__main__":
    main()
