#!/usr/bin/env python3
"""Word-boundary text rename across files matching a glob."""
import argparse
import re
from pathlib import Path

SKIP = {".git", "node_modules", "vendor", "dist", "build", ".venv"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--glob", default="**/*")
    ap.add_argument("--dry-run", action="store_true")
    a = ap.parse_args()
    pat = re.compile(rf"\b{re.escape(a.old)}\b")
    changed = 0
    for p in Path(".").glob(a.glob):
        if not p.is_file() or SKIP & set(p.parts):
            continue
        try:
            text = p.read_text()
        except (UnicodeDecodeError, OSError):
            continue
        new, n = pat.subn(a.new, text)
        if n:
            changed += 1
            print(f"{p}: {n}")
            if not a.dry_run:
                p.write_text(new)
    print(f"{changed} files changed")


if __name__ == "__main__":
    main()
