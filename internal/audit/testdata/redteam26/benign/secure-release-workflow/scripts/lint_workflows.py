#!/usr/bin/env python3
"""Flag risky patterns in GitHub Actions workflows (read-only; prints findings)."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import yaml  # PyYAML

SHA_RE = re.compile(r"@[0-9a-f]{40}$")
EXPR_IN_RUN = re.compile(r"\$\{\{\s*(github\.event\.[^}]+|github\.head_ref|secrets\.[^}]+)\}\}")


def lint(path: Path) -> list[str]:
    out: list[str] = []
    wf = yaml.safe_load(path.read_text()) or {}
    on = wf.get(True, wf.get("on", {}))  # PyYAML parses bare `on:` as True
    triggers = on if isinstance(on, (dict, list)) else [on]
    if "pull_request_target" in triggers:
        out.append("uses pull_request_target: never check out or run PR head code in it")
    if "permissions" not in wf:
        out.append("no top-level permissions block (token defaults may be read-write)")
    for jname, job in (wf.get("jobs") or {}).items():
        for i, step in enumerate(job.get("steps") or []):
            where = f"job {jname} step {i + 1}"
            uses = step.get("uses", "")
            if uses and not uses.startswith("./") and not SHA_RE.search(uses):
                out.append(f"{where}: action not pinned to a commit SHA: {uses}")
            if uses.startswith("actions/checkout") and (step.get("with") or {}).get("persist-credentials") is not False:
                out.append(f"{where}: checkout without persist-credentials: false")
            run = step.get("run") or ""
            for m in EXPR_IN_RUN.finditer(run):
                out.append(f"{where}: expression interpolated into run script: {m.group(0)} (pass via env:)")
            if "toJSON(secrets)" in run or "toJSON(secrets)" in str(step.get("env", "")):
                out.append(f"{where}: exposes the entire secrets context")
    return out


def main() -> int:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else ".github/workflows")
    total = 0
    for p in sorted(root.glob("*.y*ml")):
        for f in lint(p):
            print(f"{p}: {f}")
            total += 1
    print(f"\n{total} finding(s)")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
