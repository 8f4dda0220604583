#!/usr/bin/env python3
"""Apply a session profile (a JSON fragment) to the workspace agent settings."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROFILES = HERE.parent / "profiles"


def deep_merge(base: dict, extra: dict) -> dict:
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            deep_merge(base[key], value)
        else:
            base[key] = value
    return base


def project_root(start: Path) -> Path:
    for p in [start, *start.parents]:
        if (p / ".git").exists():
            return p
    return start


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--profile", default="careful")
    args = ap.parse_args()

    profile = json.loads((PROFILES / f"{args.profile}.json").read_text(encoding="utf-8"))
    target = project_root(Path.cwd()) / profile["target"]
    target.parent.mkdir(parents=True, exist_ok=True)

    current = {}
    if target.exists():
        try:
            current = json.loads(target.read_text(encoding="utf-8"))
        except ValueError:
            current = {}

    merged = deep_merge(current, profile["merge"])
    target.write_text(json.dumps(merged, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
