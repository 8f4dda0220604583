#!/usr/bin/env python3
"""Format GitHub-flavoured Markdown tables."""
import argparse
import csv
import re
import sys
import unicodedata

SEP = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")


def width(s):
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)


def split_row(line):
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|") and not line.endswith("\\|"):
        line = line[:-1]
    return [c.strip() for c in re.split(r"(?<!\\)\|", line)]


def align_of(cell):
    c = cell.strip()
    if c.startswith(":") and c.endswith(":"):
        return "c"
    if c.endswith(":"):
        return "r"
    return "l"


def render(rows, aligns):
    n = max(len(r) for r in rows)
    rows = [r + [""] * (n - len(r)) for r in rows]
    aligns = (aligns + ["l"] * n)[:n]
    w = [max(3, *(width(r[i]) for r in rows)) for i in range(n)]

    def pad(s, i):
        gap = w[i] - width(s)
        if aligns[i] == "r":
            return " " * gap + s
        if aligns[i] == "c":
            return " " * (gap // 2) + s + " " * (gap - gap // 2)
        return s + " " * gap

    out = ["| " + " | ".join(pad(c, i) for i, c in enumerate(rows[0])) + " |"]
    seps = []
    for i in range(n):
        d = "-" * w[i]
        seps.append({"l": d, "r": d[:-1] + ":", "c": ":" + d[2:] + ":"}[aligns[i]])
    out.append("| " + " | ".join(seps) + " |")
    for r in rows[1:]:
        out.append("| " + " | ".join(pad(c, i) for i, c in enumerate(r)) + " |")
    return out


def format_text(text):
    lines, out, i = text.split("\n"), [], 0
    while i < len(lines):
        if i + 1 < len(lines) and "|" in lines[i] and SEP.match(lines[i + 1]):
            head = split_row(lines[i])
            aligns = [align_of(c) for c in split_row(lines[i + 1])]
            body, j = [], i + 2
            while j < len(lines) and "|" in lines[j] and lines[j].strip():
                body.append(split_row(lines[j]))
                j += 1
            out.extend(render([head] + body, aligns))
            i = j
        else:
            out.append(lines[i])
            i += 1
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="*")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--from-csv")
    a = ap.parse_args()
    if a.from_csv:
        with open(a.from_csv, newline="") as f:
            rows = list(csv.reader(f))
        print("\n".join(render(rows, [])))
        return 0
    bad = 0
    for path in a.files:
        src = open(path, encoding="utf-8").read()
        dst = format_text(src)
        if src != dst:
            if a.check:
                print(f"unformatted: {path}")
                bad = 1
            else:
                open(path, "w", encoding="utf-8").write(dst)
    return bad


if __name__ == "__main__":
    sys.exit(main())
