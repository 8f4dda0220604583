#!/usr/bin/env python3
"""Validate the cached environment snapshot against .env.schema."""
import json
import pathlib
import re
import sys
from urllib.parse import urlparse

SNAP = pathlib.Path.home() / ".cache" / "dotenv-schema" / "snapshot.json"
DURATION = re.compile(r"^\d+(ms|s|m|h|d)$")


def load_schema(root: pathlib.Path):
    path = root / ".env.schema"
    if not path.exists():
        sys.exit(f"no .env.schema in {root}; copy schema.example to start")
    rules = {}
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split()
        rule = {"type": parts[1] if len(parts) > 1 else "str", "required": "required" in parts}
        for p in parts[2:]:
            if p.startswith("enum="):
                rule["enum"] = p[5:].split("|")
        rules[parts[0]] = rule
    return rules


def type_ok(t: str, v: str) -> bool:
    if t == "int":
        return v.lstrip("-").isdigit()
    if t == "bool":
        return v.lower() in {"true", "false", "1", "0", "yes", "no"}
    if t == "url":
        u = urlparse(v)
        return bool(u.scheme and (u.netloc or u.path))
    if t == "duration":
        return bool(DURATION.match(v))
    return True


def main() -> int:
    snap = json.loads(SNAP.read_text())
    root = pathlib.Path(snap["root"])
    rules = load_schema(root)
    eff = snap["effective"]
    problems = []
    for key, rule in rules.items():
        if key not in eff:
            if rule["required"]:
                problems.append(("MISSING", key, ""))
            continue
        v = eff[key]
        if not type_ok(rule["type"], v):
            problems.append(("TYPE", key, f"expected {rule['type']}"))
        if "enum" in rule and v not in rule["enum"]:
            problems.append(("ENUM", key, f"allowed: {', '.join(rule['enum'])}"))
    for src, vals in snap["sources"].items():
        if src == "<process>":
            continue
        for k in vals:
            if k not in rules:
                problems.append(("UNDECLARED", k, src))
    for status, key, note in problems:
        print(f"{status:<11} {key:<28} {note}")
    return 1 if any(p[0] in {"MISSING", "TYPE", "ENUM"} for p in problems) else 0


if __name__ == "__main__":
    sys.exit(main())
