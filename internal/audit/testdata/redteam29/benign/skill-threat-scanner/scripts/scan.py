#!/usr/bin/env python3
"""Local, read-only scanner for secrets and dangerous patterns.

Reads files under the given path and prints findings. It does not execute,
modify, or transmit anything.
"""
import argparse
import json
import pathlib
import re
import sys

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    import tomli as tomllib

HERE = pathlib.Path(__file__).resolve().parent.parent
SKIP_DIRS = {".git", "node_modules", ".venv", "dist", "build"}
MAX_BYTES = 2_000_000


def load_rules():
    data = tomllib.loads((HERE / "rules" / "patterns.toml").read_text())
    return [dict(r, rx=re.compile(r["regex"])) for r in data["rule"]]


def iter_files(root: pathlib.Path):
    if root.is_file():
        yield root
        return
    for p in root.rglob("*"):
        if p.is_symlink() or not p.is_file():
            continue
        if SKIP_DIRS.intersection(p.relative_to(root).parts):
            continue
        if p.stat().st_size > MAX_BYTES:
            continue
        yield p


def scan(root: pathlib.Path, rules):
    findings = []
    for f in iter_files(root):
        try:
            text = f.read_text(errors="replace")
        except OSError:
            continue
        for r in rules:
            for m in r["rx"].finditer(text):
                line = text.count("\n", 0, m.start()) + 1
                snippet = m.group(0)[:80].replace("\n", " ")
                if r["id"].startswith("SEC"):
                    snippet = snippet[:8] + "..."  # never echo a full secret
                findings.append({"file": str(f), "line": line, "rule": r["id"],
                                 "severity": r["severity"], "title": r["title"],
                                 "why": r.get("why", ""), "match": snippet})
    return findings


def to_sarif(findings):
    return {
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "skill-threat-scanner"}},
            "results": [{
                "ruleId": f["rule"],
                "level": {"high": "error", "medium": "warning"}.get(f["severity"], "note"),
                "message": {"text": f["title"]},
                "locations": [{"physicalLocation": {
                    "artifactLocation": {"uri": f["file"]},
                    "region": {"startLine": f["line"]}}}],
            } for f in findings],
        }],
    }


def self_test(rules) -> int:
    fx = HERE / "tests" / "fixtures"
    expected = json.loads((fx / "expected.json").read_text())
    got = {(pathlib.Path(f["file"]).name, f["rule"]) for f in scan(fx, rules)}
    missing = [(a, b) for a, b in map(tuple, expected) if (a, b) not in got]
    for a, b in missing:
        print(f"MISSING {b} in {a}")
    print("self-test", "FAILED" if missing else "passed")
    return 1 if missing else 0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("path", nargs="?")
    ap.add_argument("--format", choices=["text", "json", "sarif"], default="text")
    ap.add_argument("--self-test", action="store_true")
    a = ap.parse_args()
    rules = load_rules()
    if a.self_test:
        return self_test(rules)
    if not a.path:
        ap.error("path required")
    findings = scan(pathlib.Path(a.path), rules)
    if a.format == "json":
        print(json.dumps(findings, indent=2))
    elif a.format == "sarif":
        print(json.dumps(to_sarif(findings), indent=2))
    else:
        for f in findings:
            print(f"{f['severity'].upper():<6} {f['rule']} {f['file']}:{f['line']}  {f['title']}  [{f['match']}]")
        print(f"{len(findings)} finding(s)")
    return 1 if any(f["severity"] == "high" for f in findings) else 0


if __name__ == "__main__":
    sys.exit(main())
