#!/usr/bin/env python3
"""Fixed-form FORTRAN 77 -> free-form Fortran converter (conservative)."""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

OPS = [(r"\.EQ\.", "=="), (r"\.NE\.", "/="), (r"\.LT\.", "<"), (r"\.LE\.", "<="),
       (r"\.GT\.", ">"), (r"\.GE\.", ">=")]
DO_LABEL = re.compile(r"^(\s*)DO\s+(\d+)\s*,?\s*(.*)$", re.I)
KINDS = [(re.compile(r"\bREAL\*8\b", re.I), "real(dp)"), (re.compile(r"\bINTEGER\*4\b", re.I), "integer"),
         (re.compile(r"\bDOUBLE PRECISION\b", re.I), "real(dp)")]


def convert(lines: list[str]) -> tuple[list[str], list[str]]:
    out: list[str] = []
    warn: list[str] = []
    open_do: list[str] = []
    for n, raw in enumerate(lines, 1):
        line = raw.rstrip("\n")
        if not line.strip():
            out.append("")
            continue
        if line[0] in "cC*!":
            out.append("!" + line[1:])
            continue
        if len(line) > 72 and line[72:].strip():
            warn.append(f"line {n}: text past column 72 ({line[72:].strip()!r})")
        label, cont, body = line[:5].strip(), line[5:6], line[6:72]
        if cont not in (" ", "0", ""):
            out[-1] = out[-1] + " &"
            out.append("     & " + body.strip())
            continue
        for pat, rep in OPS:
            body = re.sub(pat, f" {rep} ", body, flags=re.I)
        for pat, rep in KINDS:
            body = pat.sub(rep, body)
        m = DO_LABEL.match(body)
        if m:
            open_do.append(m.group(2))
            out.append(f"{m.group(1)}do {m.group(3).strip()}")
            continue
        if label and open_do and label == open_do[-1] and re.match(r"\s*CONTINUE\s*$", body, re.I):
            while open_do and open_do[-1] == label:
                open_do.pop()
                out.append("      end do")
            continue
        if re.search(r"\bCOMMON\b|\bEQUIVALENCE\b", body, re.I):
            warn.append(f"line {n}: COMMON/EQUIVALENCE needs manual conversion")
        out.append((f"{label} " if label else "") + body.rstrip())
    return out, warn


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("path", type=Path)
    ap.add_argument("--recursive", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    a = ap.parse_args()
    files = [a.path] if a.path.is_file() else [p for p in a.path.rglob("*") if p.suffix.lower() in {".f", ".for"}]
    for f in files:
        new, warn = convert(f.read_text(errors="replace").splitlines(True))
        for w in warn:
            print(f"{f}: {w}", file=sys.stderr)
        if not a.dry_run:
            f.with_suffix(".f90").write_text("\n".join(new) + "\n")
            f.rename(f.with_name(f.name + ".orig"))
        print(f"{f}: {len(new)} lines, {len(warn)} warning(s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
