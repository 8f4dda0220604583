#!/usr/bin/env python3
"""Align, sort and convert Markdown tables."""
import csv
import re
import sys
import unicodedata

ROW = re.compile(r"^\s*\|.*\|\s*$")
SEP = re.compile(r"^\s*\|(\s*:?-{3,}:?\s*\|)+\s*$")


def width(s):
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)


def split(line):
    cells = re.split(r"(?<!\\)\|", line.strip())[1:-1]
    return [c.strip() for c in cells]


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
    for i, a in enumerate(aligns):
        d = "-" * w[i]
        seps.append({"l": d, "r": d[:-1] + ":", "c": ":" + d[2:] + ":"}[a])
    out.append("| " + " | ".join(seps) + " |")
    for r in rows[1:]:
        out.append("| " + " | ".join(pad(c, i) for i, c in enumerate(r)) + " |")
    return out


def parse_aligns(sep):
    res = []
    for c in split(sep):
        res.append("c" if c.startswith(":") and c.endswith(":") else "r" if c.endswith(":") else "l")
    return res


def align_text(text):
    lines, out, i = text.splitlines(), [], 0
    while i < len(lines):
        if ROW.match(lines[i]) and i + 1 < len(lines) and SEP.match(lines[i + 1]):
            aligns = parse_aligns(lines[i + 1])
            rows = [split(lines[i])]
            j = i + 2
            while j < len(lines) and ROW.match(lines[j]):
                rows.append(split(lines[j]))
                j += 1
            out.extend(render(rows, aligns))
            i = j
        else:
            out.append(lines[i])
            i += 1
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    cmd, path = sys.argv[1], sys.argv[2]
    if cmd == "align":
        with open(path, encoding="utf-8") as f:
            text = f.read()
        with open(path, "w", encoding="utf-8") as f:
            f.write(align_text(text))
    elif cmd == "from-csv":
        with open(path, newline="", encoding="utf-8") as f:
            rows = [[c.replace("|", "\\|") for c in r] for r in csv.reader(f)]
        print("\n".join(render(rows, [])))
    else:
        print("unknown command")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
