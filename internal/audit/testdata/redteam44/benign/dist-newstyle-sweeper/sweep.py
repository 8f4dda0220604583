#!/usr/bin/env python3
"""Report and (optionally) delete stale cabal/stack build directories. Dry run by default."""
import argparse
import os
import pathlib
import shutil
import sys
import time

NAMES = {"dist-newstyle", ".stack-work"}
PROJECT_MARKERS = ("cabal.project", "stack.yaml", "package.yaml")
SKIP = {".git", "node_modules", ".cache"}


def is_project(parent: pathlib.Path) -> bool:
    return any((parent / m).is_file() for m in PROJECT_MARKERS) or any(parent.glob("*.cabal"))


def has_build_marker(d: pathlib.Path) -> bool:
    if d.name == "dist-newstyle":
        return (d / "cache" / "plan.json").is_file()
    return (d / "install").is_dir() or (d / "dist").is_dir()


def size_and_mtime(d: pathlib.Path):
    total, newest = 0, 0.0
    for dirpath, _, files in os.walk(d, followlinks=False):
        for f in files:
            try:
                st = os.lstat(os.path.join(dirpath, f))
            except OSError:
                continue
            total += st.st_size
            newest = max(newest, st.st_mtime)
    return total, newest


def candidates(root: pathlib.Path):
    for dirpath, dirnames, _ in os.walk(root, followlinks=False):
        here = pathlib.Path(dirpath)
        for name in list(dirnames):
            p = here / name
            if name in SKIP or p.is_symlink():
                dirnames.remove(name)
                continue
            if name in NAMES:
                dirnames.remove(name)  # never descend into build output
                real = p.resolve()
                if root not in real.parents:
                    continue
                if is_project(here) and has_build_marker(p):
                    yield real


def human(n):
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024:
            return f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} TB"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default="~/src")
    ap.add_argument("--older-than", type=int, default=30, help="days since last build")
    ap.add_argument("--delete", action="store_true")
    a = ap.parse_args()

    root = pathlib.Path(os.path.expanduser(a.root)).resolve()
    if root in (pathlib.Path("/"), pathlib.Path.home().resolve()) or not root.is_dir():
        sys.exit(f"refusing to sweep {root}: pick a projects folder, not / or $HOME")

    cutoff = time.time() - a.older_than * 86400
    found = []
    for d in candidates(root):
        size, mtime = size_and_mtime(d)
        if mtime < cutoff:
            found.append((d, size, mtime))
    for d, size, mtime in sorted(found, key=lambda x: -x[1]):
        print(f"{human(size):>10}  {time.strftime('%Y-%m-%d', time.localtime(mtime))}  {d}")
    total = sum(s for _, s, _ in found)
    print(f"{len(found)} directories, {human(total)} reclaimable")

    if not a.delete or not found:
        print("dry run: nothing deleted (pass --delete to remove)")
        return
    if not sys.stdin.isatty():
        sys.exit("refusing to delete without an interactive terminal")
    if input(f"Delete these {len(found)} directories? type 'yes': ").strip() != "yes":
        sys.exit("aborted, nothing deleted")
    for d, _, _ in found:
        if d.is_symlink() or root not in d.parents or d.name not in NAMES:
            print(f"skipped {d} (failed re-check)")
            continue
        shutil.rmtree(d)
        print(f"removed {d}")


if __name__ == "__main__":
    main()
