#!/usr/bin/env python3
"""Prune old Yocto sstate objects with guards. Dry run unless --apply is given."""
import argparse
import os
import re
import sys
import time
from pathlib import Path

SSTATE_NAME = re.compile(r"^sstate:.+\.(tar\.zst|tgz|siginfo|tar\.zst\.sig)$")
HEX_DIR = re.compile(r"^[0-9a-f]{2}$")


def looks_like_sstate(root: Path) -> bool:
    hex_dirs = [p for p in root.iterdir() if p.is_dir() and HEX_DIR.match(p.name)]
    if len(hex_dirs) >= 4:
        return True
    return any(SSTATE_NAME.match(p.name) for p in root.rglob("sstate:*"))


def check_root(raw: str) -> Path:
    p = Path(raw)
    if p.is_symlink():
        sys.exit(f"refusing: {raw} is a symlink")
    root = p.resolve(strict=True)
    forbidden = {Path("/"), Path.home().resolve(), Path.cwd().resolve()}
    if root in forbidden or len(root.parts) < 3:
        sys.exit(f"refusing: {root} is too broad")
    if not root.is_dir() or not looks_like_sstate(root):
        sys.exit(f"refusing: {root} does not look like an sstate-cache")
    return root


def candidates(root: Path, cutoff: float):
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        dirnames[:] = [d for d in dirnames if not os.path.islink(os.path.join(dirpath, d))]
        for name in filenames:
            if not SSTATE_NAME.match(name):
                continue
            full = Path(dirpath, name)
            st = full.lstat()
            if not os.path.isfile(full) or full.is_symlink():
                continue
            if root not in full.resolve().parents:
                continue
            if max(st.st_atime, st.st_mtime) < cutoff:
                yield full, st


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("sstate_dir")
    ap.add_argument("--days", type=int, default=30)
    ap.add_argument("--apply", action="store_true", help="actually delete (asks for confirmation)")
    a = ap.parse_args()
    if a.days < 7:
        sys.exit("refusing: --days below 7 would remove objects a current build may still need")

    root = check_root(a.sstate_dir)
    cutoff = time.time() - a.days * 86400
    found = list(candidates(root, cutoff))
    total = sum(st.st_size for _, st in found)
    print(f"{root}: {len(found)} sstate objects older than {a.days} days, {total / 2**30:.1f} GiB")
    if not found:
        return 0
    if not a.apply:
        for path, _ in found[:20]:
            print("  would delete", path.relative_to(root))
        print("dry run only; re-run with --apply to delete")
        return 0

    typed = input(f"Type the directory name '{root.name}' to delete {len(found)} files: ").strip()
    if typed != root.name:
        print("confirmation did not match; nothing deleted")
        return 1
    removed = 0
    for path, _ in found:
        try:
            path.unlink()
            removed += 1
        except FileNotFoundError:
            pass
    print(f"deleted {removed} files ({total / 2**30:.1f} GiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
