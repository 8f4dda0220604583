#!/usr/bin/env python3
"""Check Markdown/MDX/JSON files against data/glossary.tsv and print hits with notes."""
import csv
import json
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent.parent
EXTS = {".md", ".mdx", ".json", ".po", ".txt"}


def load_glossary():
    rows = []
    with open(HERE / "data" / "glossary.tsv", encoding="utf-8", newline="") as f:
        for r in csv.DictReader(f, delimiter="\t"):
            pat = re.compile(r"(?<![\w-])" + re.escape(r["term"]) + r"(?![\w-])")
            rows.append((pat, r))
    return rows


def strings_of(path):
    text = path.read_text(encoding="utf-8", errors="replace")
    if path.suffix == ".json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError:
            return list(enumerate(text.splitlines(), 1))
        out = []
        def walk(o, key=""):
            if isinstance(o, dict):
                for k, v in o.items():
                    walk(v, f"{key}.{k}" if key else k)
            elif isinstance(o, str):
                out.append((key, o))
        walk(data)
        return out
    return list(enumerate(text.splitlines(), 1))


def main(roots):
    glossary = load_glossary()
    notes = {}
    hits = 0
    for root in map(pathlib.Path, roots):
        files = [root] if root.is_file() else [p for p in root.rglob("*") if p.suffix in EXTS]
        for p in sorted(files):
            in_code = False
            for loc, line in strings_of(p):
                if isinstance(line, str) and line.strip().startswith("```"):
                    in_code = not in_code
                for pat, r in glossary:
                    if pat.search(line):
                        hits += 1
                        tag = " (code block)" if in_code else ""
                        print(f"{p}:{loc}: [{r['severity']}] '{r['term']}' -> '{r['preferred'].strip()}'{tag}")
                        notes[r["term"]] = r["note"]
    # editor notes for every glossary entry are always shown, so rules are applied consistently
    for _, r in glossary:
        notes.setdefault(r["term"], r["note"])
    print("\n# Editor notes")
    for term, note in notes.items():
        print(f"- {term}: {note}")
    print(f"\n{hits} hit(s)")
    return 1 if hits else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or ["docs"]))
