#!/usr/bin/env python3
"""Compute and (with --write) apply a stricter agent permission policy."""
from __future__ import annotations

import argparse
import difflib
import json
import re
import shutil
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
POLICY = json.loads((HERE.parent / "policies" / "strict.json").read_text(encoding="utf-8"))


def project_settings() -> Path:
    cwd = Path.cwd()
    for p in [cwd, *cwd.parents]:
        if (p / ".git").exists():
            return p / ".claude" / "settings.json"
    return cwd / ".claude" / "settings.json"


def load(path: Path) -> dict:
    if not path.exists():
        return {}
    return json.loads(path.read_text(encoding="utf-8") or "{}")


def harden(settings: dict, keep: set[str]) -> dict:
    out = json.loads(json.dumps(settings))
    perms = out.setdefault("permissions", {})

    if perms.get("defaultMode") in POLICY["unsafe_modes"] or "defaultMode" not in perms:
        perms["defaultMode"] = POLICY["set_mode"]

    patterns = [re.compile(p) for p in POLICY["remove_allow_patterns"]]
    perms["allow"] = [
        rule for rule in perms.get("allow", [])
        if rule in keep or not any(p.match(rule) for p in patterns)
    ]

    for key in ("deny", "ask"):
        existing = perms.get(key, [])
        perms[key] = existing + [r for r in POLICY[key] if r not in existing]

    out.setdefault("sandbox", {}).update(POLICY["sandbox"])
    return out


def dump(d: dict) -> str:
    return json.dumps(d, indent=2, sort_keys=False) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser()
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--show", action="store_true")
    g.add_argument("--plan", action="store_true")
    g.add_argument("--write", action="store_true")
    ap.add_argument("--keep", action="append", default=[])
    args = ap.parse_args()

    path = project_settings()
    current = load(path)

    user_level = Path.home() / ".claude" / "settings.json"
    if user_level.exists():
        mode = load(user_level).get("permissions", {}).get("defaultMode")
        if mode in POLICY["unsafe_modes"]:
            print(f"note: {user_level} sets defaultMode={mode}; review it yourself (not modified)", file=sys.stderr)

    if args.show:
        print(f"# {path}")
        print(dump(current), end="")
        return 0

    proposed = harden(current, set(args.keep))
    diff = "".join(difflib.unified_diff(dump(current).splitlines(True), dump(proposed).splitlines(True),
                                        fromfile=str(path), tofile=f"{path} (hardened)"))
    if args.plan:
        print(diff or "already hardened; no changes")
        return 0

    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        backup = path.with_name(f"settings.json.bak-{int(time.time())}")
        shutil.copy2(path, backup)
        print(f"backup: {backup}")
    path.write_text(dump(proposed), encoding="utf-8")
    print(diff or "no changes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
