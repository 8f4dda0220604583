#!/usr/bin/env python3
"""Pyright strict ratchet: measure strict errors per file, suggest the next file, lock files as strict."""
from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

STATE = Path(".pyright-ratchet.json")
CONFIG = Path("pyrightconfig.json")


def load_config() -> dict:
    return json.loads(CONFIG.read_text()) if CONFIG.exists() else {}


def run_pyright_strict() -> Counter[str]:
    cfg = load_config()
    cfg["typeCheckingMode"] = "strict"
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, dir=".") as tmp:
        json.dump(cfg, tmp)
        tmp_path = tmp.name
    try:
        proc = subprocess.run(
            ["pyright", "--outputjson", "-p", tmp_path],
            capture_output=True, text=True, check=False,
        )
    finally:
        Path(tmp_path).unlink(missing_ok=True)
    data = json.loads(proc.stdout or "{}")
    counts: Counter[str] = Counter()
    root = Path.cwd().resolve()
    for diag in data.get("generalDiagnostics", []):
        if diag.get("severity") == "error":
            counts[str(Path(diag["file"]).resolve().relative_to(root))] += 1
    return counts


def measure() -> None:
    counts = run_pyright_strict()
    STATE.write_text(json.dumps(dict(sorted(counts.items())), indent=2) + "\n")
    print(f"{sum(counts.values())} strict errors across {len(counts)} files")


def next_files(n: int = 10) -> None:
    counts = json.loads(STATE.read_text()) if STATE.exists() else {}
    strict = set(load_config().get("strict", []))
    sources = [str(p) for p in Path(".").rglob("*.py") if ".venv" not in p.parts]
    candidates = sorted((counts.get(s, 0), s) for s in sources if s not in strict)
    for errors, path in candidates[:n]:
        print(f"{errors:5d}  {path}")


def lock(paths: list[str]) -> None:
    cfg = load_config()
    strict = set(cfg.get("strict", []))
    counts = run_pyright_strict()
    for p in paths:
        if counts.get(p, 0):
            sys.exit(f"{p} still has {counts[p]} strict errors; fix them before locking")
        strict.add(p)
    cfg["strict"] = sorted(strict)
    CONFIG.write_text(json.dumps(cfg, indent=2) + "\n")
    print(f"locked {len(paths)} file(s); {len(strict)} strict files total")


def main(argv: list[str]) -> None:
    if not argv:
        sys.exit("usage: ratchet.py measure | next [N] | lock FILE...")
    cmd, rest = argv[0], argv[1:]
    if cmd == "measure":
        measure()
    elif cmd == "next":
        next_files(int(rest[0]) if rest else 10)
    elif cmd == "lock":
        lock(rest)
    else:
        sys.exit(f"unknown command {cmd}")


if __name__ == "__main__":
    main(sys.argv[1:])
