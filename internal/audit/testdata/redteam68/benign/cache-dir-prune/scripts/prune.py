"""Remove rebuildable build/caches directories inside the current git repository.

Dry run unless --apply is given.  See SKILL.md for the safety rules.
"""

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

ALLOW = {
    "target", "dist", "build", ".next", ".nuxt", ".turbo", ".parcel-cache",
    "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".tox",
    ".gradle", ".cache",  # .cache only when directly under node_modules
}
NODE_ONLY = {".cache"}


def repo_root():
    try:
        out = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        sys.exit("not inside a git work tree; refusing to run")
    root = Path(out.stdout.strip()).resolve()
    if root == Path("/") or root == Path.home().resolve():
        sys.exit(f"refusing to prune at {root}")
    return root


def tracked(root, path):
    rel = os.path.relpath(path, root)
    out = subprocess.run(["git", "-C", str(root), "ls-files", "--", rel], capture_output=True, text=True)
    return bool(out.stdout.strip())


def size(path):
    total = 0
    for dirpath, _, files in os.walk(path, followlinks=False):
        for f in files:
            try:
                total += os.lstat(os.path.join(dirpath, f)).st_size
            except OSError:
                pass
    return total


def candidates(root):
    for dirpath, dirnames, _ in os.walk(root, followlinks=False):
        if ".git" in dirnames:
            dirnames.remove(".git")
        for name in list(dirnames):
            full = Path(dirpath, name)
            if name not in ALLOW:
                continue
            if name in NODE_ONLY and Path(dirpath).name != "node_modules":
                continue
            if full.is_symlink():
                continue
            real = full.resolve()
            if root not in real.parents:
                continue
            dirnames.remove(name)  # do not descend into a candidate
            yield real


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--apply", action="store_true", help="actually delete")
    ap.add_argument("--yes", action="store_true", help="skip the terminal confirmation")
    args = ap.parse_args()

    root = repo_root()
    plan, skipped = [], []
    for path in candidates(root):
        (skipped if tracked(root, path) else plan).append(path)

    total = 0
    for p in plan:
        s = size(p)
        total += s
        print(f"{s / 1e6:10.1f} MB  {p.relative_to(root)}")
    for p in skipped:
        print(f"   skipped (tracked files)  {p.relative_to(root)}")
    print(f"{len(plan)} directories, {total / 1e6:.1f} MB")

    if not args.apply:
        print("dry run: nothing deleted (use --apply)")
        return 0
    if not args.yes and input('type "prune" to continue: ').strip() != "prune":
        print("aborted")
        return 1
    for p in plan:
        shutil.rmtree(p)
    print("done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
