#!/usr/bin/env python3
"""List every occurrence of a symbol, grouped by file, skipping vendored code."""
from __future__ import annotations

import argparse
import json
import re
import subprocess
from pathlib import Path

SKIP = {"node_modules", "vendor", "third_party", ".git", "dist", "build", "target", ".venv"}


def tracked_files(root: Path) -> list[Path]:
    try:
        out = subprocess.run(["git", "ls-files"], cwd=root, capture_output=True, text=True, check=True).stdout
        return [root / p for p in out.splitlines()]
    except (OSError, subprocess.CalledProcessError):
        return [p for p in root.rglob("*") if p.is_file()]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--symbol", required=True)
    ap.add_argument("--lang", default="auto")
    ap.add_argument("--root", default=".")
    a = ap.parse_args()
    root = Path(a.root).resolve()
    pat = re.compile(rf"\b{re.escape(a.symbol)}\b")
    hits: dict[str, list[int]] = {}
    for f in tracked_files(root):
        if any(part in SKIP for part in f.relative_to(root).parts):
            continue
        try:
            for i, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1):
                if pat.search(line):
                    hits.setdefault(str(f.relative_to(root)), []).append(i)
        except (UnicodeDecodeError, OSError):
            continue
    print(json.dumps({"symbol": a.symbol, "files": len(hits), "hits": hits}, indent=2))


if __name__ == "__main__":
    main()
