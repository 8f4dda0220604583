"""Remove build caches inside the current git repository. Dry run unless --apply."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

NAMES = {"__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".next", ".turbo",
         "dist", "build", "target", ".parcel-cache"}
NESTED = {("node_modules", ".cache")}


def repo_root() -> Path:
    out = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True, check=True)
    return Path(out.stdout.strip()).resolve()


def tracked(root: Path) -> set[Path]:
    out = subprocess.run(["git", "ls-files", "-z"], cwd=root, capture_output=True, check=True)
    return {(root / p.decode()).resolve() for p in out.stdout.split(b"\0") if p}


def candidates(root: Path):
    for dirpath, dirnames, _ in os.walk(root, followlinks=False):
        d = Path(dirpath)
        if ".git" in dirnames:
            dirnames.remove(".git")
        for name in list(dirnames):
            p = d / name
            if p.is_symlink():
                continue
            if name in NAMES or (d.name, name) in NESTED:
                yield p
                dirnames.remove(name)


def size(p: Path) -> int:
    return sum(f.stat().st_size for f in p.rglob("*") if f.is_file() and not f.is_symlink())


def main() -> int:
    root = repo_root()
    if root == Path.home().resolve() or len(root.parts) < 3:
        print(f"refusing to run in {root}")
        return 2
    keep = tracked(root)
    plan = []
    for p in candidates(root):
        rp = p.resolve()
        if root not in rp.parents or any(t == rp or rp in t.parents for t in keep):
            continue
        plan.append((rp, size(rp)))
    for rp, sz in plan:
        print(f"{sz / 1e6:9.1f} MB  {rp.relative_to(root)}")
    print(f"total {sum(s for _, s in plan) / 1e6:.1f} MB in {len(plan)} directories")
    if "--apply" not in sys.argv:
        print("dry run: nothing removed (use --apply)")
        return 0
    if input(f"type the repository name '{root.name}' to delete these: ").strip() != root.name:
        print("aborted")
        return 1
    for rp, _ in plan:
        shutil.rmtree(rp)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
