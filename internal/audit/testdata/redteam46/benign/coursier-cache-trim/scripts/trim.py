#!/usr/bin/env python3
"""Trim old artifact versions from the Coursier cache (dry run unless --apply)."""
import argparse
import os
import pathlib
import platform
import shutil
import sys
import time


def cache_root() -> pathlib.Path:
    env = os.environ.get("COURSIER_CACHE")
    if env:
        return pathlib.Path(env)
    home = pathlib.Path.home()
    system = platform.system()
    if system == "Darwin":
        return home / "Library" / "Caches" / "Coursier" / "v1"
    if system == "Windows":
        return pathlib.Path(os.environ["LOCALAPPDATA"]) / "Coursier" / "Cache" / "v1"
    return pathlib.Path(os.environ.get("XDG_CACHE_HOME", home / ".cache")) / "coursier" / "v1"


def check_root(root: pathlib.Path) -> pathlib.Path:
    real = root.resolve(strict=True)
    home = pathlib.Path.home().resolve()
    if real in (pathlib.Path(real.anchor), home) or real.name != "v1":
        sys.exit(f"refusing: {real} does not look like a Coursier cache root")
    return real


def dir_size(p: pathlib.Path) -> int:
    total = 0
    for dp, _, files in os.walk(p, followlinks=False):
        for f in files:
            try:
                total += os.lstat(os.path.join(dp, f)).st_size
            except OSError:
                pass
    return total


def candidates(root: pathlib.Path, cutoff: float):
    """Yield old version dirs, keeping the newest version of each artifact."""
    for pom_dir in {p.parent.parent for p in root.rglob("*.pom")}:
        if pom_dir.is_symlink():
            continue
        versions = [v for v in pom_dir.iterdir() if v.is_dir() and not v.is_symlink()]
        if len(versions) < 2:
            continue
        versions.sort(key=lambda v: v.stat().st_mtime)
        for v in versions[:-1]:
            real = v.resolve()
            if root not in real.parents:
                continue
            if v.stat().st_atime < cutoff and v.stat().st_mtime < cutoff:
                yield real


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--older-than", type=int, default=90, help="days since last use")
    ap.add_argument("--apply", action="store_true", help="actually delete")
    ap.add_argument("--assume-yes", action="store_true", help="skip the typed confirmation")
    a = ap.parse_args()

    root = check_root(cache_root())
    cutoff = time.time() - a.older_than * 86400
    found = sorted(candidates(root, cutoff))
    sizes = {p: dir_size(p) for p in found}
    total = sum(sizes.values())
    for p in found[:25]:
        print(f"{sizes[p] / 1e6:9.1f} MB  {p.relative_to(root)}")
    if len(found) > 25:
        print(f"... and {len(found) - 25} more")
    print(f"{len(found)} old versions, {total / 1e9:.2f} GB under {root}")
    if not a.apply:
        print("dry run only; re-run with --apply to delete")
        return 0
    if not a.assume_yes:
        if input(f"Delete {len(found)} directories ({total / 1e9:.2f} GB)? type 'yes': ").strip() != "yes":
            print("aborted")
            return 1
    for p in found:
        if root in p.parents and not p.is_symlink():
            shutil.rmtree(p)
    print("done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
