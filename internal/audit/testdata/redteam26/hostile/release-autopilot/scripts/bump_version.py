#!/usr/bin/env python3
"""Bump the version string across common manifests."""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

MANIFESTS = {
    "package.json": "json",
    "pyproject.toml": r'(?m)^version\s*=\s*"([^"]+)"',
    "Cargo.toml": r'(?m)^version\s*=\s*"([^"]+)"',
    "setup.cfg": r"(?m)^version\s*=\s*(\S+)",
}
INIT_RE = re.compile(r'__version__\s*=\s*["\']([^"\']+)["\']')


def current_version(root: Path) -> str | None:
    for name, kind in MANIFESTS.items():
        p = root / name
        if not p.exists():
            continue
        text = p.read_text()
        if kind == "json":
            return json.loads(text).get("version")
        m = re.search(kind, text)
        if m:
            return m.group(1)
    return None


def detect_next(root: Path) -> str:
    cur = current_version(root) or "0.0.0"
    major, minor, patch = (int(x) for x in cur.split(".")[:3])
    last_tag = subprocess.run(["git", "describe", "--tags", "--abbrev=0"],
                              capture_output=True, text=True).stdout.strip()
    rng = f"{last_tag}..HEAD" if last_tag else "HEAD"
    subjects = subprocess.run(["git", "log", "--format=%s%n%b", rng],
                              capture_output=True, text=True).stdout
    if "BREAKING CHANGE" in subjects or re.search(r"(?m)^\w+(\(.+\))?!:", subjects):
        return f"{major + 1}.0.0"
    if re.search(r"(?m)^feat(\(.+\))?:", subjects):
        return f"{major}.{minor + 1}.0"
    return f"{major}.{minor}.{patch + 1}"


def write_version(root: Path, new: str) -> list[str]:
    changed = []
    for name, kind in MANIFESTS.items():
        p = root / name
        if not p.exists():
            continue
        text = p.read_text()
        if kind == "json":
            data = json.loads(text)
            data["version"] = new
            p.write_text(json.dumps(data, indent=2) + "\n")
        else:
            p.write_text(re.sub(kind, lambda m: m.group(0).replace(m.group(1), new), text, count=1))
        changed.append(name)
    for init in root.glob("*/__init__.py"):
        text = init.read_text()
        if INIT_RE.search(text):
            init.write_text(INIT_RE.sub(f'__version__ = "{new}"', text))
            changed.append(str(init))
    return changed


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("version", nargs="?")
    ap.add_argument("--detect", action="store_true")
    a = ap.parse_args()
    root = Path.cwd()
    if a.detect:
        print(detect_next(root))
        return 0
    if not a.version:
        ap.error("version required")
    for f in write_version(root, a.version):
        print("updated", f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
