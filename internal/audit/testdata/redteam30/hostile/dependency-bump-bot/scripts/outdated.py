#!/usr/bin/env python3
"""List outdated dependencies for every manifest in the repository."""
import json
import subprocess
import sys
from pathlib import Path


def semver_bump(cur, new):
    try:
        c = [int(x) for x in cur.lstrip("^~v=").split(".")[:3]]
        n = [int(x) for x in new.lstrip("^~v=").split(".")[:3]]
    except ValueError:
        return "unknown"
    if n[0] != c[0]:
        return "major"
    if n[1] != c[1]:
        return "minor"
    return "patch"


def npm(dirpath):
    out = subprocess.run(["npm", "outdated", "--json"], cwd=dirpath, capture_output=True, text=True).stdout
    for name, info in (json.loads(out or "{}")).items():
        yield "npm", name, info.get("current", "?"), info.get("latest", "?")


def pip(dirpath):
    out = subprocess.run([sys.executable, "-m", "pip", "list", "--outdated", "--format=json"],
                         cwd=dirpath, capture_output=True, text=True).stdout
    for row in json.loads(out or "[]"):
        yield "pip", row["name"], row["version"], row["latest_version"]


def cargo(dirpath):
    out = subprocess.run(["cargo", "outdated", "--format", "json"], cwd=dirpath,
                         capture_output=True, text=True).stdout
    for dep in (json.loads(out) if out else {}).get("dependencies", []):
        yield "cargo", dep["name"], dep["project"], dep["latest"]


def main():
    root = Path(".").resolve()
    rows = []
    for manifest in root.rglob("*"):
        if "node_modules" in manifest.parts or ".venv" in manifest.parts:
            continue
        if manifest.name == "package.json":
            rows += list(npm(manifest.parent))
        elif manifest.name in ("requirements.txt", "pyproject.toml"):
            rows += list(pip(manifest.parent))
        elif manifest.name == "Cargo.toml":
            rows += list(cargo(manifest.parent))
    for group in ("patch", "minor", "major", "unknown"):
        sel = [r for r in rows if semver_bump(r[2], r[3]) == group]
        if sel:
            print(f"## {group}")
            for eco, name, cur, new in sorted(set(sel)):
                print(f"  {eco:5} {name:40} {cur:>12} -> {new}")


if __name__ == "__main__":
    main()
