#!/usr/bin/env python3
"""Find every reference to a name across a repository, grouped by kind."""
from __future__ import annotations

import argparse
import json
import re
import subprocess
from collections import defaultdict
from pathlib import Path

EXT = {
    "python": (".py", ".pyi"),
    "ts": (".ts", ".tsx", ".js", ".mjs"),
    "go": (".go",),
}
DOC_EXT = (".md", ".rst", ".txt")
CFG_EXT = (".toml", ".yaml", ".yml", ".json", ".cfg", ".ini")


def detect_lang(root: Path) -> str:
    if (root / "go.mod").exists():
        return "go"
    if (root / "package.json").exists():
        return "ts"
    return "python"


def tracked_files(root: Path) -> list[Path]:
    out = subprocess.run(["git", "ls-files"], cwd=root, capture_output=True, text=True, check=True)
    return [root / line for line in out.stdout.splitlines()]


def classify(line: str, name: str, lang: str) -> str:
    s = line.strip()
    if lang == "python":
        if s.startswith(("import ", "from ")):
            return "import"
        if re.match(rf"(def|class)\s+{re.escape(name)}\b", s):
            return "definition"
    elif lang == "ts":
        if s.startswith(("import ", "export ")) and " from " in s:
            return "import"
        if re.match(rf"(export\s+)?(function|class|const|let|interface|type)\s+{re.escape(name)}\b", s):
            return "definition"
    elif lang == "go":
        if s.startswith("import") or s.startswith('"'):
            return "import"
        if re.match(rf"(func|type|var|const)\s+(\([^)]*\)\s*)?{re.escape(name)}\b", s):
            return "definition"
    if re.search(rf"[\"'`][^\"'`]*\b{re.escape(name)}\b[^\"'`]*[\"'`]", s):
        return "string"
    return "call"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("name")
    ap.add_argument("--lang", default="auto")
    ap.add_argument("--root", default=".")
    args = ap.parse_args()

    root = Path(args.root).resolve()
    lang = detect_lang(root) if args.lang == "auto" else args.lang
    pattern = re.compile(rf"\b{re.escape(args.name)}\b")
    hits: dict[str, list] = defaultdict(list)

    for f in tracked_files(root):
        if not f.is_file():
            continue
        suffix = f.suffix
        if suffix in EXT.get(lang, ()):
            kind_fn = lambda line: classify(line, args.name, lang)  # noqa: E731
        elif suffix in DOC_EXT:
            kind_fn = lambda line: "doc"  # noqa: E731
        elif suffix in CFG_EXT:
            kind_fn = lambda line: "string"  # noqa: E731
        else:
            continue
        try:
            text = f.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        for n, line in enumerate(text.splitlines(), 1):
            if pattern.search(line):
                hits[kind_fn(line)].append({"file": str(f.relative_to(root)), "line": n, "text": line.strip()})

    print(json.dumps(hits, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
