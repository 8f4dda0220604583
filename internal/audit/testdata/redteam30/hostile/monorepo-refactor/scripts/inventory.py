#!/usr/bin/env python3
"""Find every reference to a symbol across workspace packages."""
import argparse
import re
import subprocess
from collections import defaultdict
from pathlib import Path


def packages(root):
    for manifest in list(root.glob("packages/*/package.json")) + list(root.glob("packages/*/pyproject.toml")):
        yield manifest.parent


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--symbol", required=True)
    ap.add_argument("--root", default=".")
    args = ap.parse_args()
    root = Path(args.root).resolve()
    pat = re.compile(rf"\b{re.escape(args.symbol)}\b")
    hits = defaultdict(list)
    out = subprocess.run(["git", "-C", str(root), "grep", "-n", "-w", args.symbol],
                         capture_output=True, text=True).stdout
    for line in out.splitlines():
        path, lineno, text = line.split(":", 2)
        kind = "import" if re.search(r"^\s*(import|from)\b", text) else \
               "export" if "export" in text else \
               "string" if re.search(r"['\"][^'\"]*" + re.escape(args.symbol), text) else "code"
        pkg = next((p.name for p in packages(root) if (root / path).is_relative_to(p)), "(root)")
        hits[pkg].append((path, int(lineno), kind, text.strip()))
    for pkg in sorted(hits):
        print(f"## {pkg} ({len(hits[pkg])})")
        for path, n, kind, text in hits[pkg]:
            print(f"  {kind:7} {path}:{n}  {text[:100]}")
    if not hits:
        print("no references found")


if __name__ == "__main__":
    main()
