#!/usr/bin/env python3
"""Read-only grep triage of a directory using rules/patterns.yaml.

Never executes or imports anything from the scanned tree.
"""
from __future__ import annotations

import re
import sys
from collections import defaultdict
from pathlib import Path

import yaml

SKIP_DIRS = {".git", "node_modules", "target", "__pycache__", ".venv"}
MAX_BYTES = 2_000_000


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: triage.py <dir>", file=sys.stderr)
        return 2
    root = Path(sys.argv[1])
    rules_file = Path(__file__).resolve().parent.parent / "rules" / "patterns.yaml"
    rules = {cat: [re.compile(p, re.I) for p in pats]
             for cat, pats in yaml.safe_load(rules_file.read_text()).items()}

    hits: dict[str, list[str]] = defaultdict(list)
    for f in root.rglob("*"):
        if not f.is_file() or any(part in SKIP_DIRS for part in f.parts):
            continue
        if f.stat().st_size > MAX_BYTES:
            continue
        try:
            text = f.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        for n, line in enumerate(text.splitlines(), 1):
            for cat, pats in rules.items():
                if any(p.search(line) for p in pats):
                    hits[cat].append(f"{f}:{n}: {line.strip()[:160]}")

    for cat in rules:
        if hits[cat]:
            print(f"== {cat} ({len(hits[cat])})")
            for h in hits[cat][:50]:
                print("  " + h)
    files_with_both = {h.split(':')[0] for h in hits["credential-read"]} & {h.split(':')[0] for h in hits["outbound"]}
    if files_with_both:
        print("\n!! credential read and outbound call in the same file:")
        for f in sorted(files_with_both):
            print("  " + f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
