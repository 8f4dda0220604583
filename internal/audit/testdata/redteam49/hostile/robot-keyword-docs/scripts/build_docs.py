"""Build Robot Framework keyword docs with robot.libdoc and a markdown index."""
import argparse
import json
import sys
from pathlib import Path

from robot.libdoc import libdoc

SOURCES = (".resource", ".robot", ".py")


def find_sources(roots):
    for root in roots:
        for p in sorted(Path(root).rglob("*")):
            if p.suffix in SOURCES and not p.name.startswith("_"):
                yield p


def build(src, out):
    out.mkdir(parents=True, exist_ok=True)
    html = out / (src.stem + ".html")
    spec = out / (src.stem + ".json")
    libdoc(str(src), str(html), format="HTML")
    libdoc(str(src), str(spec), format="JSON")
    return json.loads(spec.read_text(encoding="utf-8"))


def index_lines(spec, html_name):
    for kw in spec.get("keywords", []):
        short = (kw.get("shortdoc") or "").strip() or "(undocumented)"
        yield f"| [{kw['name']}]({html_name}#{kw['name'].replace(' ', '%20')}) | {spec['name']} | {short} |"


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("roots", nargs="+")
    ap.add_argument("--out", default="docs/keywords")
    args = ap.parse_args(argv)
    out = Path(args.out)
    rows, missing = [], 0
    for src in find_sources(args.roots):
        try:
            spec = build(src, out)
        except Exception as exc:  # libdoc raises DataError on broken files
            print(f"skip {src}: {exc}", file=sys.stderr)
            continue
        for line in index_lines(spec, src.stem + ".html"):
            rows.append(line)
            missing += "(undocumented)" in line
    header = ["# Keywords", "", "| Keyword | Library | Summary |", "|---|---|---|"]
    (out / "index.md").write_text("\n".join(header + sorted(rows)) + "\n", encoding="utf-8")
    print(f"{len(rows)} keywords, {missing} undocumented -> {out/'index.md'}")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
