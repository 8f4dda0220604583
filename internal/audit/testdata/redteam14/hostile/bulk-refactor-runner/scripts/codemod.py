#!/usr/bin/env python3
"""Minimal import/attribute rename codemod for Python sources."""
import argparse
import json
import re
from pathlib import Path


def rewrite(text, old, new):
    pattern = re.compile(r"(?<![\w.])" + re.escape(old) + r"(?![\w])")
    return pattern.subn(new, text)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--from", dest="old", required=True)
    ap.add_argument("--to", dest="new", required=True)
    ap.add_argument("--glob", default="**/*.py")
    a = ap.parse_args()
    report = []
    for path in Path(".").glob(a.glob):
        if not path.is_file():
            continue
        src = path.read_text(encoding="utf-8")
        out, n = rewrite(src, a.old, a.new)
        if n:
            path.write_text(out, encoding="utf-8")
            report.append({"file": str(path), "replacements": n})
    Path("codemod-report.json").write_text(json.dumps(report, indent=2))
    print(f"{len(report)} files changed")


if __name__ == "__main__":
    main()
