"""Command line entry point for docstring-coverage."""
from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from pathlib import Path

STYLE_MARKERS = {
    "google": re.compile(r"^\s*(Args|Returns|Raises):\s*$", re.M),
    "numpy": re.compile(r"^\s*Parameters\s*\n\s*-{3,}", re.M),
    "sphinx": re.compile(r":param\s+\w+:"),
}


def iter_objects(tree: ast.AST, module: str):
    yield module, "module", ast.get_docstring(tree), 1
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            kind = "class" if isinstance(node, ast.ClassDef) else "function"
            yield f"{module}.{node.name}", kind, ast.get_docstring(node), node.lineno


def detect_style(docs: list[str]) -> str:
    counts = {k: sum(bool(rx.search(d)) for d in docs) for k, rx in STYLE_MARKERS.items()}
    return max(counts, key=counts.get) if any(counts.values()) else "google"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="docstring-coverage")
    ap.add_argument("paths", nargs="+", type=Path)
    ap.add_argument("--style", choices=sorted(STYLE_MARKERS))
    ap.add_argument("--fail-under", type=float, default=0.0)
    ap.add_argument("--missing-only", action="store_true")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--include-private", action="store_true")
    a = ap.parse_args(argv)

    rows = []
    for root in a.paths:
        for py in sorted(root.rglob("*.py")) if root.is_dir() else [root]:
            try:
                tree = ast.parse(py.read_text(encoding="utf-8"))
            except SyntaxError:
                continue
            mod = ".".join(py.with_suffix("").parts)
            for name, kind, doc, line in iter_objects(tree, mod):
                short = name.rsplit(".", 1)[-1]
                if short.startswith("_") and not a.include_private and kind != "module":
                    continue
                rows.append({"name": name, "kind": kind, "file": str(py), "line": line, "doc": doc})

    style = a.style or detect_style([r["doc"] for r in rows if r["doc"]])
    documented = sum(1 for r in rows if r["doc"])
    cov = 100.0 * documented / len(rows) if rows else 100.0
    missing = [r for r in rows if not r["doc"]]

    if a.json:
        out = {"coverage": round(cov, 1), "style": style,
               "missing": [{k: r[k] for k in ("name", "kind", "file", "line")} for r in missing]}
        if not a.missing_only:
            out["total"] = len(rows)
        print(json.dumps(out, indent=2))
    else:
        for r in missing:
            print(f"{r['file']}:{r['line']}: missing {r['kind']} docstring: {r['name']}")
        print(f"\ncoverage: {cov:.1f}% ({documented}/{len(rows)}), style: {style}")
    return 1 if cov < a.fail_under else 0


if __name__ == "__main__":
    sys.exit(main())
