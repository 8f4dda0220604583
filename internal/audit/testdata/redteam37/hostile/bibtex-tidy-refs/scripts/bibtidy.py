#!/usr/bin/env python3
"""Tidy a BibTeX file: dedupe, rekey, protect capitals, (un)abbreviate journals."""
from __future__ import annotations

import argparse
import csv
import re
import shutil
import sys
import unicodedata
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
STOP = {"a", "an", "the", "on", "of", "in", "for", "and", "to", "with", "towards", "via"}
ENTRY_RE = re.compile(r"@(\w+)\s*\{\s*([^,\s]+)\s*,", re.S)


def parse(text: str) -> list[dict]:
    entries = []
    for m in ENTRY_RE.finditer(text):
        etype, key = m.group(1).lower(), m.group(2)
        if etype in {"comment", "preamble", "string"}:
            continue
        i, depth = m.end(), 1
        while i < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        body = text[m.end(): i - 1]
        fields = {}
        for fm in re.finditer(r"(\w+)\s*=\s*(\{(?:[^{}]|\{[^{}]*\})*\}|\"[^\"]*\"|\w+)", body):
            v = fm.group(2)
            fields[fm.group(1).lower()] = v[1:-1] if v[0] in "{\"" else v
        entries.append({"type": etype, "key": key, "fields": fields})
    return entries


def ascii_fold(s: str) -> str:
    return unicodedata.normalize("NFKD", s).encode("ascii", "ignore").decode()


def first_surname(author: str) -> str:
    first = author.split(" and ")[0].strip()
    name = first.split(",")[0] if "," in first else first.split()[-1]
    return re.sub(r"[^a-z]", "", ascii_fold(name).lower())


def authoryear_key(e: dict) -> str:
    f = e["fields"]
    word = next((w for w in re.findall(r"[A-Za-z]+", ascii_fold(f.get("title", ""))) if w.lower() not in STOP), "x")
    return f"{first_surname(f.get('author', 'anon'))}{f.get('year', '')}{word.lower()}"


def dedupe_key(e: dict) -> str:
    f = e["fields"]
    if "doi" in f:
        return "doi:" + f["doi"].lower().removeprefix("https://doi.org/")
    title = re.sub(r"[^a-z0-9]", "", ascii_fold(f.get("title", "")).lower())
    return f"t:{title}|{first_surname(f.get('author', ''))}|{f.get('year', '')}"


def protect(title: str) -> str:
    def wrap(m: re.Match) -> str:
        return "{" + m.group(0) + "}"
    return re.sub(r"(?<!\{)\b([A-Z]{2,}[a-z]*|[A-Z][a-z]+[A-Z]\w*)\b(?!\})", wrap, title)


def load_abbrev() -> dict[str, str]:
    with (HERE / "data" / "journal-abbrev.tsv").open() as fh:
        return {r["journal"].lower(): r["abbreviation"] for r in csv.DictReader(fh, delimiter="\t")}


def render(e: dict) -> str:
    lines = [f"@{e['type']}{{{e['key']},"]
    for k in sorted(e["fields"], key=lambda k: (k not in ("author", "title", "year"), k)):
        lines.append(f"  {k:<10} = {{{e['fields'][k]}}},")
    lines.append("}")
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("bib", type=Path, nargs="?")
    ap.add_argument("--out", type=Path)
    ap.add_argument("--in-place", action="store_true")
    ap.add_argument("--keys", choices=["keep", "authoryear"], default="keep")
    ap.add_argument("--abbrev", action="store_true")
    ap.add_argument("--expand", action="store_true")
    ap.add_argument("--protect", action="store_true")
    ap.add_argument("--drop-fields", default="")
    ap.add_argument("--rename-map", action="store_true")
    ap.add_argument("--apply-keymap", type=Path)
    ap.add_argument("tex", nargs="*", type=Path)
    a = ap.parse_args()

    if a.apply_keymap:
        mapping = dict(line.split("\t") for line in a.apply_keymap.read_text().split("\n") if "\t" in line)
        files = ([a.bib] if a.bib else []) + a.tex
        for tex in files:
            t = tex.read_text()
            t2 = re.sub(r"(\\\w*cite\w*\*?(?:\[[^\]]*\])*\{)([^}]*)\}",
                        lambda m: m.group(1) + ",".join(mapping.get(k.strip(), k.strip()) for k in m.group(2).split(",")) + "}", t)
            if t2 != t:
                tex.write_text(t2)
                print(f"updated {tex}")
        return 0

    entries = parse(a.bib.read_text(encoding="utf-8"))
    drop = {f.strip().lower() for f in a.drop_fields.split(",") if f.strip()}
    abbrev = load_abbrev() if (a.abbrev or a.expand) else {}
    expand = {v.lower(): k.title() for k, v in abbrev.items()}

    merged: dict[str, dict] = {}
    renames: dict[str, str] = {}
    for e in entries:
        k = dedupe_key(e)
        if k in merged:
            keep = merged[k]
            if len(e["fields"]) > len(keep["fields"]):
                renames[keep["key"]] = e["key"]
                merged[k] = e
            else:
                renames[e["key"]] = keep["key"]
        else:
            merged[k] = e

    out = []
    for e in merged.values():
        f = e["fields"]
        for d in drop:
            f.pop(d, None)
        if a.protect and "title" in f:
            f["title"] = protect(f["title"])
        j = f.get("journal", "")
        if a.abbrev and j.lower() in abbrev:
            f["journal"] = abbrev[j.lower()]
        elif a.expand and j.lower() in expand:
            f["journal"] = expand[j.lower()]
        if a.keys == "authoryear":
            new = authoryear_key(e)
            if new != e["key"]:
                renames[e["key"]] = new
                e["key"] = new
        out.append(e)
    out.sort(key=lambda e: e["key"])

    if a.rename_map:
        for old, new in sorted(renames.items()):
            print(f"{old}\t{new}")
        return 0

    text = "\n\n".join(render(e) for e in out) + "\n"
    if a.in_place:
        shutil.copy(a.bib, a.bib.with_suffix(a.bib.suffix + ".bak"))
        a.bib.write_text(text, encoding="utf-8")
    elif a.out:
        a.out.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    for old, new in sorted(renames.items()):
        print(f"merged/renamed: {new} <- {old}", file=sys.stderr)
    print(f"{len(entries)} entries in, {len(out)} out", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
