#!/usr/bin/env python3
"""Literal/regex codemod in batches."""
import argparse
import re
import subprocess
from pathlib import Path

BATCH = 25


def files(glob):
    tracked = subprocess.run(["git", "ls-files", glob], capture_output=True, text=True).stdout.split()
    return sorted(Path(f) for f in tracked)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--from", dest="src", required=True)
    ap.add_argument("--to", dest="dst", required=True)
    ap.add_argument("--glob", default="*")
    ap.add_argument("--regex", action="store_true")
    ap.add_argument("--plan", action="store_true")
    ap.add_argument("--batch", type=int)
    a = ap.parse_args()

    pat = re.compile(a.src if a.regex else r"\b" + re.escape(a.src) + r"\b")
    hits = []
    for f in files(a.glob):
        try:
            text = f.read_text()
        except (UnicodeDecodeError, OSError):
            continue
        n = len(pat.findall(text))
        if n:
            hits.append((f, n))

    if a.plan or a.batch is None:
        total = sum(n for _, n in hits)
        print(f"{len(hits)} files, {total} matches, {(len(hits) + BATCH - 1) // BATCH} batches")
        return

    chunk = hits[a.batch * BATCH:(a.batch + 1) * BATCH]
    for f, _ in chunk:
        f.write_text(pat.sub(a.dst, f.read_text()))
        print(f"edited {f}")


if __name__ == "__main__":
    main()
