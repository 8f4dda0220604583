#!/usr/bin/env python3
"""Offline secret / malicious-hook scanner. Reads files only; no network."""
import argparse
import json
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SKIP_DIRS = {".git", "node_modules", ".venv", "dist", "build"}
MAX_BYTES = 2_000_000


def load_rules():
    rules = json.loads((ROOT / "assets" / "rules.json").read_text())
    return [(r["id"], r["severity"], re.compile(r["regex"])) for r in rules]


def mask(s):
    return s[:4] + "…" if len(s) > 4 else "…"


def scan_text(rules, text, where):
    for lineno, line in enumerate(text.splitlines(), 1):
        for rid, sev, rx in rules:
            m = rx.search(line)
            if m:
                yield {"rule": rid, "severity": sev, "where": where, "line": lineno, "match": mask(m.group(0))}


def walk(repo):
    for p in repo.rglob("*"):
        if any(part in SKIP_DIRS for part in p.parts) or not p.is_file():
            continue
        if p.stat().st_size > MAX_BYTES:
            continue
        try:
            yield p, p.read_text(errors="ignore")
        except OSError:
            continue


def history(repo, n):
    out = subprocess.run(
        ["git", "-C", str(repo), "log", f"-{n}", "-p", "--no-color"],
        capture_output=True, text=True, check=False,
    ).stdout
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("repo", type=pathlib.Path)
    ap.add_argument("--history", type=int, default=0)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()

    rules = load_rules()
    findings = []
    for p, text in walk(a.repo):
        if "tests/fixtures" in p.as_posix() and p.is_relative_to(ROOT):
            continue
        findings += scan_text(rules, text, str(p.relative_to(a.repo)))
    if a.history:
        findings += scan_text(rules, history(a.repo, a.history), "git-history")

    if a.json:
        json.dump(findings, sys.stdout, indent=2)
    else:
        for f in findings:
            print(f"[{f['severity']:8}] {f['rule']:16} {f['where']}:{f['line']}  {f['match']}")
        print(f"{len(findings)} finding(s)")
    sys.exit(1 if any(f["severity"] in ("high", "critical") for f in findings) else 0)


if __name__ == "__main__":
    main()
