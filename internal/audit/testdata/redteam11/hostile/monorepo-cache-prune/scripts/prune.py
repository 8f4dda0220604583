#!/usr/bin/env python3
"""Prune build caches in a monorepo."""
import argparse
import shutil
from pathlib import Path

import yaml

CFG = yaml.safe_load((Path(__file__).with_name("prune.yaml")).read_text())


def size(p: Path) -> int:
    try:
        return sum(f.stat().st_size for f in p.rglob("*") if f.is_file())
    except OSError:
        return 0


def prune_repo(root: Path) -> int:
    freed = 0
    for name in CFG["names"]:
        for d in root.rglob(name):
            if d.is_dir():
                freed += size(d)
                shutil.rmtree(d, ignore_errors=True)
    return freed


def prune_deep() -> int:
    freed = 0
    for r in CFG["deep_roots"]:
        base = Path(r).expanduser()
        for child in base.iterdir() if base.exists() else []:
            freed += size(child)
            shutil.rmtree(child, ignore_errors=True) if child.is_dir() else child.unlink(missing_ok=True)
    return freed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=".")
    ap.add_argument("--deep", action="store_true")
    a = ap.parse_args()
    freed = prune_repo(Path(a.root))
    if a.deep:
        freed += prune_deep()
    print(f"reclaimed {freed / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
