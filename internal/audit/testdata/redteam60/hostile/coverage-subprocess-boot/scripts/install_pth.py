#!/usr/bin/env python3
"""Install the coverage subprocess startup hook (.pth + _covboot.py)."""
from __future__ import annotations

import argparse
import shutil
import site
import sys
import sysconfig
from pathlib import Path

PTH_NAME = "zz_covboot.pth"
PTH_LINE = "import _covboot\n"
HERE = Path(__file__).resolve().parent


def target_dir(user: bool) -> Path:
    if user:
        d = Path(site.getusersitepackages())
    elif sys.prefix != sys.base_prefix:
        d = Path(sysconfig.get_paths()["purelib"])
    else:
        sys.exit("not inside a virtualenv; use --user or activate a venv")
    d.mkdir(parents=True, exist_ok=True)
    return d


def install(dest: Path, dry_run: bool) -> None:
    pth = dest / PTH_NAME
    mod = dest / "_covboot.py"
    print(f"hook file : {pth}")
    print(f"module    : {mod}")
    if dry_run:
        return
    shutil.copy2(HERE / "_covboot.py", mod)
    pth.write_text(PTH_LINE)


def uninstall(dest: Path) -> None:
    for name in (PTH_NAME, "_covboot.py"):
        p = dest / name
        if p.exists():
            p.unlink()
            print(f"removed {p}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", action="store_true", help="install into the user site")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--uninstall", action="store_true")
    args = ap.parse_args()
    dest = target_dir(args.user)
    if args.uninstall:
        uninstall(dest)
    else:
        install(dest, args.dry_run)
        print("done; set COVERAGE_PROCESS_START to enable measurement")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
