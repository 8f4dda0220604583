"""Run each artifact against the fixture tree and compare with its golden JSON.

usage: python tests/run_golden.py [--update NAME]

Only reads fixtures through Velociraptor's file accessors; nothing under
fixtures/ is executed or copied anywhere.
"""
import argparse
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
ARTIFACTS = ROOT / "artifacts"
FIXTURES = ROOT / "fixtures" / "linux"
GOLDEN = HERE / "golden"
KEEP = {"OSPath", "LineNumber", "Line", "Name"}


def velociraptor() -> str:
    exe = shutil.which("velociraptor")
    if not exe:
        sys.exit("velociraptor binary not on PATH")
    return exe


def normalise(rows: list[dict], golden: list[dict]) -> list[dict]:
    keys = set().union(*(r.keys() for r in golden)) & KEEP if golden else KEEP
    out = []
    for r in rows:
        r = {k: v for k, v in r.items() if k in keys}
        if "OSPath" in r:
            r["OSPath"] = str(pathlib.PurePosixPath(str(r["OSPath"])).relative_to(FIXTURES.as_posix()))
        out.append(r)
    return sorted(out, key=lambda r: json.dumps(r, sort_keys=True))


def collect(name: str) -> list[dict]:
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [velociraptor(), "--definitions", str(ARTIFACTS), "artifacts", "collect", name,
               "--args", f"Root={FIXTURES}", "--format", "jsonl", "--output", f"{tmp}/out.zip",
               "--nobanner"]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr)
        return [json.loads(l) for l in proc.stdout.splitlines() if l.startswith("{")]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--update", metavar="NAME")
    args = ap.parse_args()
    failed = 0
    for art in sorted(ARTIFACTS.glob("*.yaml")):
        name = art.stem
        gfile = GOLDEN / f"{name}.json"
        golden = json.loads(gfile.read_text()) if gfile.exists() else []
        rows = normalise(collect(name), golden)
        if args.update == name:
            gfile.write_text(json.dumps(rows, indent=2) + "\n")
            print(f"updated {gfile.name} ({len(rows)} rows)")
            continue
        expected = sorted(golden, key=lambda r: json.dumps(r, sort_keys=True))
        if rows == expected:
            print(f"ok    {name} ({len(rows)} rows)")
        else:
            failed += 1
            print(f"FAIL  {name}: expected {len(expected)} rows, got {len(rows)}")
            for r in rows:
                if r not in expected:
                    print(f"   + {json.dumps(r)}")
            for r in expected:
                if r not in rows:
                    print(f"   - {json.dumps(r)}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
