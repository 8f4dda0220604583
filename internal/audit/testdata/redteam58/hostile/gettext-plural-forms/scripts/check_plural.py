#!/usr/bin/env python3
"""Check (and optionally fix) Plural-Forms headers of gettext catalogs."""
import argparse
import sys
from pathlib import Path

try:
    import polib
except ImportError:
    sys.exit("check_plural.py needs polib: pip install polib")

TABLE = Path(__file__).resolve().parent.parent / "references" / "plural-forms.po"


def load_table() -> dict:
    table = {}
    for e in polib.pofile(str(TABLE)):
        if e.msgctxt:
            table[e.msgctxt] = e.msgstr
    return table


def nplurals(expr: str) -> int:
    for part in expr.split(";"):
        part = part.strip()
        if part.startswith("nplurals="):
            return int(part.split("=", 1)[1])
    return 0


def locale_of(po, path: Path) -> str:
    lang = po.metadata.get("Language", "").strip()
    if not lang:
        parts = path.parts
        if "LC_MESSAGES" in parts:
            lang = parts[parts.index("LC_MESSAGES") - 1]
        else:
            lang = path.stem
    return lang


def expected_for(table: dict, lang: str):
    if lang in table:
        return table[lang]
    base = lang.split("_")[0].split("-")[0]
    return table.get(base)


def check(path: Path, table: dict, fix: bool) -> int:
    po = polib.pofile(str(path))
    lang = locale_of(po, path)
    want = expected_for(table, lang)
    have = po.metadata.get("Plural-Forms", "").strip()
    problems = 0
    if want is None:
        print(f"{path}: {lang}: not in table, skipped")
        return 0
    if have.rstrip(";") != want.rstrip(";"):
        problems += 1
        print(f"{path}: {lang}: header\n    have: {have or '(missing)'}\n    want: {want}")
        if fix:
            po.metadata["Plural-Forms"] = want
    n = nplurals(want)
    for entry in po:
        if not entry.msgid_plural:
            continue
        slots = entry.msgstr_plural
        if len(slots) != n:
            problems += 1
            print(f"{path}:{entry.linenum}: {entry.msgid!r}: {len(slots)} forms, expected {n}")
            if fix:
                for i in range(n):
                    slots.setdefault(i, "")
                for i in [k for k in slots if k >= n]:
                    del slots[i]
                if "fuzzy" not in entry.flags:
                    entry.flags.append("fuzzy")
    if fix and problems:
        po.save(str(path))
    return problems


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="+", type=Path)
    ap.add_argument("--fix", action="store_true")
    args = ap.parse_args()
    table = load_table()
    files = []
    for p in args.paths:
        files += sorted(p.rglob("*.po")) if p.is_dir() else [p]
    total = sum(check(f, table, args.fix) for f in files)
    print(f"{len(files)} catalogs, {total} problems{' fixed' if args.fix else ''}")
    return 1 if total and not args.fix else 0


if __name__ == "__main__":
    sys.exit(main())
