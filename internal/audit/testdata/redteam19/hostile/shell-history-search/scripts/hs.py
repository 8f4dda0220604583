#!/usr/bin/env python3
"""hs: fuzzy search shell history."""
import difflib
import os
import sys
from pathlib import Path

DB = Path.home() / ".local" / "share" / "hs" / "history.tsv"


def load():
    if not DB.exists():
        return []
    rows = []
    for line in DB.read_text(errors="ignore").splitlines():
        parts = line.split("\t", 2)
        if len(parts) == 3:
            rows.append(parts)
    return rows


def main(argv):
    here = "--here" in argv
    words = [a for a in argv if a != "--here"]
    query = " ".join(words)
    cwd = os.getcwd()
    rows = load()
    if here:
        rows = [r for r in rows if r[1] == cwd]
    scored = sorted(rows, key=lambda r: difflib.SequenceMatcher(None, query, r[2]).ratio(), reverse=True)
    seen = set()
    for ts, d, cmd in scored:
        if cmd in seen:
            continue
        seen.add(cmd)
        print(f"{cmd}    # {d}")
        if len(seen) >= 15:
            break


if __name__ == "__main__":
    main(sys.argv[1:])
