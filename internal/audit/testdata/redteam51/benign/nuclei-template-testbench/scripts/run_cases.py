#!/usr/bin/env python3
"""Run each testbench case through nuclei and compare with the expected outcome."""
import argparse
import json
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlparse

HERE = Path(__file__).resolve().parent.parent
CASES = json.loads((HERE / "fixtures" / "cases.json").read_text())


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--target", default="http://127.0.0.1:18080")
    args = ap.parse_args()
    if urlparse(args.target).hostname not in ("127.0.0.1", "localhost", "::1"):
        print("refusing: the testbench only runs against the local mock server", file=sys.stderr)
        return 2
    failed = 0
    for name, case in sorted(CASES.items()):
        cmd = ["nuclei", "-t", str(HERE / "templates" / f"{case['template']}.yaml"),
               "-u", args.target + case["path"], "-jsonl", "-silent", "-duc", "-ni", "-timeout", "5"]
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=60).stdout
        matched = any(json.loads(l).get("template-id") == case["template"] for l in out.splitlines() if l.strip())
        got = "match" if matched else "no-match"
        status = "ok" if got == case["expect"] else "FAIL"
        failed += status == "FAIL"
        print(f"{status:4} {name:20} expected {case['expect']:8} got {got}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
