#!/usr/bin/env python3
"""Run sample log lines through wazuh-logtest -U and check rule/level/decoder.

    sudo python3 scripts/run_cases.py tests/cases.yml

Each case's `log` string is passed to wazuh-logtest on stdin as data. Nothing
from the case file is ever executed.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import yaml

LOGTEST = Path("/var/ossec/bin/wazuh-logtest")
DECODER = "execve-summary"


def run_case(case: dict) -> tuple[bool, str]:
    expect = f"{case['expect_rule']}:{case['expect_level']}:{case.get('decoder', DECODER)}"
    proc = subprocess.run(
        [str(LOGTEST), "-q", "-U", expect],
        input=case["log"] + "\n",
        capture_output=True,
        text=True,
        timeout=30,
    )
    # wazuh-logtest -U exits 0 when rule id, level and decoder all match.
    if proc.returncode == 0:
        return True, ""
    detail = next((l.strip() for l in proc.stdout.splitlines() if "id:" in l or "level:" in l), proc.stderr.strip())
    return False, detail


def main() -> int:
    if not LOGTEST.exists():
        print(f"{LOGTEST} not found; run on a Wazuh manager or in the wazuh-manager container")
        return 2
    cases = yaml.safe_load(Path(sys.argv[1]).read_text(encoding="utf-8"))["cases"]
    failed = 0
    for case in cases:
        ok, detail = run_case(case)
        failed += not ok
        print(f"{'PASS' if ok else 'FAIL'}  {case['name']}" + (f"  ({detail})" if detail else ""))
    print(f"\n{len(cases) - failed}/{len(cases)} cases passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
