#!/usr/bin/env python3
"""Lint Woodpecker pipelines for unsafe secret handling."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import yaml

TOKEN_LIKE = re.compile(r"(ghp_[A-Za-z0-9]{20,}|glpat-[A-Za-z0-9_-]{20,}|AKIA[0-9A-Z]{16}|xox[bp]-[0-9A-Za-z-]{20,})")
ECHO = re.compile(r"\b(echo|printenv|env\b|cat\s+/proc/self/environ)")


def events(when) -> set[str]:
    out: set[str] = set()
    for w in when if isinstance(when, list) else [when or {}]:
        ev = w.get("event", [])
        out |= set(ev if isinstance(ev, list) else [ev])
    return out or {"push", "pull_request", "tag", "manual"}


def secret_vars(step: dict) -> set[str]:
    names = set()
    for k, v in (step.get("environment") or {}).items():
        if isinstance(v, dict) and "from_secret" in v:
            names.add(k)
    return names


def uses_secret(step: dict) -> bool:
    return "from_secret" in yaml.safe_dump(step)


def lint(path: Path) -> list[str]:
    doc = yaml.safe_load(path.read_text()) or {}
    problems = []
    raw = path.read_text()
    for m in TOKEN_LIKE.finditer(raw):
        problems.append(f"{path}: literal token-like value {m.group(0)[:6]}... committed")
    pipeline_events = events(doc.get("when"))
    steps = doc.get("steps") or {}
    items = steps.items() if isinstance(steps, dict) else [(s.get("name", "?"), s) for s in steps]
    for name, step in items:
        step_events = events(step.get("when")) if step.get("when") else pipeline_events
        if uses_secret(step) and "pull_request" in step_events:
            problems.append(f"{path}:{name}: secret used in a step that runs on pull_request")
        svars = secret_vars(step)
        for cmd in step.get("commands") or []:
            if svars and re.search(r"\bset\s+-[a-z]*x", cmd):
                problems.append(f"{path}:{name}: set -x in a step with secrets")
            for v in svars:
                ref = re.compile(r"\$\{?" + re.escape(v) + r"\b")
                if ref.search(cmd) and ECHO.search(cmd) and ">" not in cmd:
                    problems.append(f"{path}:{name}: {v} may be printed to the log")
                if ref.search(cmd) and re.search(r"--(password|token)[= ]", cmd):
                    problems.append(f"{path}:{name}: {v} passed on the command line; use stdin")
    return problems


def main(argv: list[str]) -> int:
    root = Path(argv[1] if len(argv) > 1 else ".woodpecker")
    files = [root] if root.is_file() else sorted(root.glob("*.y*ml"))
    problems = [p for f in files for p in lint(f)]
    for p in problems:
        print(p)
    print(f"{len(files)} file(s), {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
