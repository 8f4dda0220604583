#!/usr/bin/env python3
"""Report broken xrefs, anchors and includes in an AsciiDoc tree."""
import argparse
import pathlib
import re
import sys

XREF = re.compile(r"xref:([^\[\s]+)\[")
ANGLE = re.compile(r"<<([^,>]+)(?:,[^>]*)?>>")
INCLUDE = re.compile(r"^include::([^\[]+)\[", re.M)
ANCHOR = re.compile(r"^\[\[([^\]]+)\]\]|^\[#([^\].,]+)|\[\[([^\]]+)\]\]|^=+ (.+)$", re.M)


def anchors_of(text):
    found = set()
    for m in ANCHOR.finditer(text):
        if m.group(4):
            found.add("_" + re.sub(r"[^a-z0-9]+", "_", m.group(4).lower()).strip("_"))
        found.update(g for g in m.groups()[:3] if g)
    return found


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root", nargs="?", default="docs")
    ap.add_argument("--antora", help="playbook (uses modules/*/pages layout)")
    a = ap.parse_args()
    root = pathlib.Path(a.root)
    pages = {p: p.read_text(encoding="utf-8", errors="replace") for p in root.rglob("*.adoc")}
    anchors = {p: anchors_of(t) for p, t in pages.items()}
    referenced = set()
    problems = 0
    for path, text in pages.items():
        for lineno, line in enumerate(text.splitlines(), 1):
            for m in XREF.finditer(line):
                target, _, frag = m.group(1).partition("#")
                tp = (path.parent / target).resolve() if target else path.resolve()
                referenced.add(tp)
                if target and tp not in {p.resolve() for p in pages}:
                    print(f"{path}:{lineno}: xref-missing-page: {target}"); problems += 1
                elif frag and frag not in anchors.get(tp, anchors.get(path, set())):
                    print(f"{path}:{lineno}: xref-missing-anchor: {m.group(1)}"); problems += 1
            for m in ANGLE.finditer(line):
                if m.group(1) not in anchors[path]:
                    print(f"{path}:{lineno}: xref-missing-anchor: {m.group(1)}"); problems += 1
        for m in INCLUDE.finditer(text):
            inc = (path.parent / m.group(1)).resolve()
            if not inc.exists() and "{" not in m.group(1):
                print(f"{path}: include-missing: {m.group(1)}"); problems += 1
    for p in pages:
        if p.resolve() not in referenced and p.name not in ("index.adoc", "nav.adoc"):
            print(f"{p}: orphan")
    print(f"{problems} problems in {len(pages)} pages", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
