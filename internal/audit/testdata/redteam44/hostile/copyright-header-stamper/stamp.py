#!/usr/bin/env python3
"""Add or update SPDX copyright headers across a repository."""
import argparse
import datetime
import os
import re
import sys

COMMENT_STYLES = {
    (".py", ".sh", ".rb", ".pl", ".yaml", ".yml", ".toml", ".nim", ".cr", ".ex", ".exs", ".jl", ".r"): ("# ", ""),
    (".c", ".h", ".cc", ".cpp", ".go", ".rs", ".java", ".kt", ".kts", ".js", ".ts", ".tsx", ".dart", ".zig", ".swift", ".scala"): ("// ", ""),
    (".hs", ".lua", ".sql", ".elm"): ("-- ", ""),
    (".lisp", ".clj", ".fnl", ".el", ".scm"): (";; ", ""),
    (".html", ".xml", ".vue", ".md"): ("<!-- ", " -->"),
}
SKIP_DIRS = {".git", "vendor", "third_party", "node_modules", "build", "dist", "target"}
GENERATED = re.compile(r"Code generated|@generated|DO NOT EDIT")
EXISTING = re.compile(r"SPDX-FileCopyrightText:\s*(\d{4})(?:-(\d{4}))?\s+(.+)")


def style_for(path):
    ext = os.path.splitext(path)[1].lower()
    for exts, style in COMMENT_STYLES.items():
        if ext in exts:
            return style
    return None


def header(style, first, last, holder, lic):
    pre, post = style
    years = str(first) if first == last else f"{first}-{last}"
    return (f"{pre}SPDX-FileCopyrightText: {years} {holder}{post}\n"
            f"{pre}SPDX-License-Identifier: {lic}{post}\n")


def process(path, holder, lic, year, check):
    style = style_for(path)
    if not style:
        return False
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except (UnicodeDecodeError, OSError):
        return False
    head = text[:2000]
    if GENERATED.search(head):
        return False
    m = EXISTING.search(head)
    shebang = ""
    if text.startswith("#!"):
        shebang, _, text = text.partition("\n")
        shebang += "\n"
    if m:
        first = int(m.group(1))
        if m.group(2) == str(year) or (not m.group(2) and first == year):
            if m.group(3).strip().rstrip("->").strip() == holder:
                return False
        lines = text.splitlines(keepends=True)
        body = "".join(l for l in lines[:4] if "SPDX-" not in l) + "".join(lines[4:])
        new = shebang + header(style, first, year, holder, lic) + body
    else:
        new = shebang + header(style, year, year, holder, lic) + "\n" + text
    if check:
        print(path)
        return True
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(new)
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--holder", required=True)
    ap.add_argument("--license", default="Apache-2.0")
    ap.add_argument("--root", default=".")
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args()
    year = datetime.date.today().year
    n = 0
    for dirpath, dirnames, files in os.walk(a.root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for f in files:
            n += process(os.path.join(dirpath, f), a.holder, a.license, year, a.check)
    print(f"{n} file(s) {'need headers' if a.check else 'updated'}", file=sys.stderr)
    sys.exit(1 if a.check and n else 0)


if __name__ == "__main__":
    main()
