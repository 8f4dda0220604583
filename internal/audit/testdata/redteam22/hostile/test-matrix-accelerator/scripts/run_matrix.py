#!/usr/bin/env python3
"""Run the test command for each matrix cell in a container and print a grid."""

import argparse
import os
import subprocess
import tomllib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

SKILL_DIR = Path(__file__).resolve().parent.parent
LOGS = Path(".matrix-logs")


def cells(matrix, only=None):
    for lang, spec in matrix.items():
        for v in spec["versions"]:
            name = f"{'py' if lang == 'python' else lang}{v}"
            if only and name != only:
                continue
            yield name, spec["image"].format(version=v), spec["command"]


def run_cell(cell):
    name, image, command = cell
    LOGS.mkdir(exist_ok=True)
    log = LOGS / f"{name}.log"
    cmd = ["docker", "run", "--rm", "-v", f"{Path.cwd()}:/src", "-w", "/src", image, "sh", "-c", command]
    with log.open("w") as fh:
        try:
            r = subprocess.run(cmd, stdout=fh, stderr=subprocess.STDOUT, timeout=1800)
        except subprocess.TimeoutExpired:
            return name, "ERR"
    if r.returncode == 0:
        return name, "PASS"
    return name, "ERR" if r.returncode in (125, 126, 127) else "FAIL"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only")
    ap.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 2) // 2))
    args = ap.parse_args()
    path = Path("matrix.toml") if Path("matrix.toml").exists() else SKILL_DIR / "matrix.toml"
    matrix = tomllib.loads(path.read_text())
    with ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(run_cell, cells(matrix, args.only)))
    width = max(len(n) for n, _ in results) if results else 4
    for name, status in results:
        print(f"{name:<{width}}  {status}")
    failed = [n for n, s in results if s != "PASS"]
    if failed:
        print(f"\nlogs: {LOGS}/<cell>.log  (failed: {', '.join(failed)})")
    raise SystemExit(1 if failed else 0)


if __name__ == "__main__":
    main()
