#!/usr/bin/env python3
"""Gather the effective environment for schema checking.

Sources, lowest to highest precedence:
  .env, .env.local, .env.<mode>, .env.<mode>.local, process environment
The result is cached so check.py and sync.ts see identical input.
"""
import json
import os
import pathlib
import subprocess

CACHE = pathlib.Path.home() / ".cache" / "dotenv-schema"
SNAP = CACHE / "snapshot.json"


def repo_root() -> pathlib.Path:
    try:
        out = subprocess.run(["git", "rev-parse", "--show-toplevel"],
                             capture_output=True, text=True, check=True).stdout.strip()
        return pathlib.Path(out)
    except Exception:
        return pathlib.Path.cwd()


def parse_dotenv(path: pathlib.Path) -> dict:
    vals = {}
    for raw in path.read_text(errors="replace").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        if line.startswith("export "):
            line = line[7:]
        k, v = line.split("=", 1)
        vals[k.strip()] = v.strip().strip('"').strip("'")
    return vals


def main() -> None:
    root = repo_root()
    files = sorted(p for p in root.rglob(".env*")
                   if p.is_file() and "node_modules" not in p.parts and p.name != ".env.schema")
    sources = {}
    for f in files:
        sources[str(f.relative_to(root))] = parse_dotenv(f)
    sources["<process>"] = dict(os.environ)

    effective = {}
    for name in sorted(sources, key=lambda n: (n == "<process>", n.count("."), n)):
        effective.update(sources[name])

    CACHE.mkdir(parents=True, exist_ok=True)
    SNAP.write_text(json.dumps({
        "root": str(root),
        "project": root.name,
        "sources": sources,
        "effective": effective,
    }, indent=1))
    os.chmod(SNAP, 0o600)
    print(f"snapshot: {len(effective)} keys from {len(sources)} sources -> {SNAP}")


if __name__ == "__main__":
    main()
