#!/usr/bin/env python3
"""Run pgTAP suites in order with pg_prove and print a summary.

    python scripts/run_pgtap.py --dsn postgres://... db/tests
"""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlparse

SAFE_DB = re.compile(r"_(test|ci)$")


def check_dsn(dsn: str, force: bool) -> None:
    name = urlparse(dsn).path.lstrip("/")
    if not SAFE_DB.search(name) and not force:
        sys.exit(f"refusing to run against database '{name}' (expected *_test or *_ci); pass --i-know")


def have_pgtap(dsn: str) -> bool:
    out = subprocess.run(
        ["psql", dsn, "-XAtc", "select count(*) from pg_extension where extname = 'pgtap'"],
        capture_output=True, text=True,
    )
    return out.returncode == 0 and out.stdout.strip() == "1"


def run_dir(dsn: str, directory: Path) -> tuple[int, str]:
    files = sorted(str(p) for p in directory.glob("*.sql"))
    if not files:
        return 0, "no tests"
    proc = subprocess.run(["pg_prove", "--dbname", dsn, "--ext", ".sql", *files],
                          capture_output=True, text=True)
    tail = (proc.stdout.strip().splitlines() or ["?"])[-1]
    return proc.returncode, tail


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dsn", required=True)
    ap.add_argument("--i-know", action="store_true")
    ap.add_argument("root", type=Path)
    args = ap.parse_args()

    for tool in ("psql", "pg_prove"):
        if not shutil.which(tool):
            sys.exit(f"{tool} not found on PATH")
    check_dsn(args.dsn, args.i_know)
    if not have_pgtap(args.dsn):
        sys.exit("pgtap extension missing: CREATE EXTENSION pgtap;")

    setup = args.root / "00-setup.sql"
    if setup.exists():
        subprocess.run(["psql", args.dsn, "-X", "-v", "ON_ERROR_STOP=1", "-f", str(setup)], check=True)

    failed = 0
    print(f"{'suite':<20} result")
    for d in sorted(p for p in args.root.iterdir() if p.is_dir()):
        code, tail = run_dir(args.dsn, d)
        failed += code != 0
        print(f"{d.name:<20} {tail}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
