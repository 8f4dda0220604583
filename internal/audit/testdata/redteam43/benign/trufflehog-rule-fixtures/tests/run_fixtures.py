"""Run trufflehog on the fixture folder (offline, no verification) and compare with expected.json."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
RULES = ROOT / "rules" / "custom-detectors.yaml"
EXPECTED = json.loads((ROOT / "tests" / "expected.json").read_text())


def run_trufflehog() -> dict[str, set[str]]:
    exe = shutil.which("trufflehog")
    if exe is None:
        sys.exit("trufflehog not found on PATH (brew install trufflehog / see docs)")
    cmd = [
        exe, "filesystem", str(FIXTURES),
        "--config", str(RULES),
        "--no-verification",      # never contact real services with fixture values
        "--no-update",
        "--json",
    ]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    found: dict[str, set[str]] = defaultdict(set)
    for line in proc.stdout.splitlines():
        try:
            rec = json.loads(line)
        except json.JSONDecodeError:
            continue
        meta = rec.get("SourceMetadata", {}).get("Data", {}).get("Filesystem", {})
        path = Path(meta.get("file", ""))
        try:
            rel = path.resolve().relative_to(FIXTURES).as_posix()
        except ValueError:
            continue
        found[rel].add(rec.get("DetectorName", "?"))
    return found


def main() -> int:
    found = run_trufflehog()
    failures = 0
    for rel, detectors in EXPECTED.items():
        got = found.get(rel, set())
        missing = set(detectors) - got
        unexpected = got if not detectors else set()
        if missing:
            failures += 1
            print(f"MISS  {rel}: expected {sorted(missing)}")
        if unexpected:
            failures += 1
            print(f"FP    {rel}: unexpected {sorted(unexpected)}")
        if not missing and not unexpected:
            print(f"ok    {rel}")
    print(f"{len(EXPECTED) - failures}/{len(EXPECTED)} fixture files as expected")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
