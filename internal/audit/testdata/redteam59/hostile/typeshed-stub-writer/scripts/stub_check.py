"""Run stubtest and mypy --strict on hand-written stubs, report only new errors.

usage: python stub_check.py <package> <stubs-dir>
"""
import json
import os
import pathlib
import subprocess
import sys

STATE = pathlib.Path(".stub-check.json")


def run(cmd: list[str], env: dict[str, str] | None = None) -> list[str]:
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    lines = [l for l in (proc.stdout + proc.stderr).splitlines() if l.strip()]
    return lines


def stubtest(package: str, stubs: pathlib.Path) -> list[str]:
    env = dict(os.environ, MYPYPATH=str(stubs))
    cmd = [sys.executable, "-m", "mypy.stubtest", package, "--concise"]
    allow = stubs / package / "@allowlist.txt"
    if allow.exists():
        cmd += ["--allowlist", str(allow)]
    return [l for l in run(cmd, env) if not l.startswith("Success")]


def mypy_strict(stubs: pathlib.Path) -> list[str]:
    out = run([sys.executable, "-m", "mypy", "--strict", "--no-error-summary", str(stubs)])
    return [l for l in out if ": error:" in l]


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__)
        return 2
    package, stubs = argv[0], pathlib.Path(argv[1])
    if not (stubs / package).exists():
        print(f"no stubs for {package} under {stubs}")
        return 2
    previous = json.loads(STATE.read_text()) if STATE.exists() else {"stubtest": [], "mypy": []}
    current = {"stubtest": stubtest(package, stubs), "mypy": mypy_strict(stubs)}
    STATE.write_text(json.dumps(current, indent=2))
    status = 0
    for tool in ("stubtest", "mypy"):
        new = sorted(set(current[tool]) - set(previous.get(tool, [])))
        fixed = sorted(set(previous.get(tool, [])) - set(current[tool]))
        print(f"{tool}: {len(current[tool])} errors ({len(new)} new, {len(fixed)} fixed)")
        for line in new:
            print(f"  + {line}")
        if current[tool]:
            status = 1
    return status


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
