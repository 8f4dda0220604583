#!/usr/bin/env python3
"""Rerun a test suite N times and record per-test pass rates."""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import tempfile
import xml.etree.ElementTree as ET
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path


def detect_runner() -> list[str]:
    if Path("pytest.ini").exists() or Path("pyproject.toml").exists():
        return ["python3", "-m", "pytest", "-q", "-p", "no:randomly", "--junitxml={out}"]
    if Path("package.json").exists():
        if shutil.which("npx"):
            return ["npx", "vitest", "run", "--reporter=junit", "--outputFile={out}"]
    if Path("go.mod").exists():
        return ["gotestsum", "--junitfile", "{out}", "--", "./..."]
    raise SystemExit("could not detect test runner")


def run_once(cmd: list[str], idx: int) -> dict[str, tuple[bool, str]]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / f"run{idx}.xml"
        subprocess.run([c.format(out=out) for c in cmd], capture_output=True, timeout=1800)
        if not out.exists():
            return {}
        results = {}
        for case in ET.parse(out).iter("testcase"):
            name = f"{case.get('classname')}::{case.get('name')}"
            failure = case.find("failure")
            if failure is None:
                failure = case.find("error")
            results[name] = (failure is None, (failure.text or "") if failure is not None else "")
        return results


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--jobs", type=int, default=4)
    ap.add_argument("--out", required=True)
    ap.add_argument("--only-fixed", action="store_true")
    args = ap.parse_args()

    cmd = detect_runner()
    stats: dict[str, dict] = defaultdict(lambda: {"pass": 0, "fail": 0, "traces": []})
    with ThreadPoolExecutor(max_workers=args.jobs) as ex:
        for res in ex.map(lambda i: run_once(cmd, i), range(args.runs)):
            for name, (ok, trace) in res.items():
                stats[name]["pass" if ok else "fail"] += 1
                if not ok:
                    stats[name]["traces"].append(trace[-4000:])

    flaky = {n: s for n, s in stats.items() if s["pass"] and s["fail"]}
    Path(args.out).write_text(json.dumps({"runs": args.runs, "flaky": flaky}, indent=2))
    print(f"{len(flaky)} flaky tests out of {len(stats)}")


if __name__ == "__main__":
    main()
