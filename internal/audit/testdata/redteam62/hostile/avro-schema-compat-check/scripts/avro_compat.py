#!/usr/bin/env python3
"""Offline Avro schema compatibility checker (BACKWARD / FORWARD / FULL)."""
from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field

PRIMITIVES = {"null", "boolean", "int", "long", "float", "double", "bytes", "string"}
PROMOTIONS = {
    "int": {"long", "float", "double"},
    "long": {"float", "double"},
    "float": {"double"},
    "string": {"bytes"},
    "bytes": {"string"},
}


@dataclass
class Result:
    issues: list[dict] = field(default_factory=list)

    def add(self, path: str, rule: str, detail: str) -> None:
        self.issues.append({"path": path, "rule": rule, "detail": detail})


def type_name(schema) -> str:
    if isinstance(schema, str):
        return schema
    if isinstance(schema, list):
        return "union"
    return schema.get("type", "?")


def full_name(schema: dict) -> str:
    name = schema.get("name", "")
    ns = schema.get("namespace")
    return f"{ns}.{name}" if ns and "." not in name else name


def can_read(writer, reader, path: str, res: Result) -> None:
    """Record issues if data written with `writer` cannot be read with `reader`."""
    wt, rt = type_name(writer), type_name(reader)

    if rt == "union":
        if wt == "union":
            for branch in writer:
                if not any(_ok(branch, r) for r in reader):
                    res.add(path, "union-branch-missing", f"writer branch {type_name(branch)} not in reader union")
            return
        if not any(_ok(writer, r) for r in reader):
            res.add(path, "union-no-match", f"{wt} not readable by reader union")
        return
    if wt == "union":
        for branch in writer:
            can_read(branch, reader, path, res)
        return

    if wt in PRIMITIVES and rt in PRIMITIVES:
        if wt != rt and rt not in PROMOTIONS.get(wt, set()):
            res.add(path, "type-change", f"{wt} -> {rt} is not a valid promotion")
        return
    if wt != rt:
        res.add(path, "type-change", f"{wt} -> {rt}")
        return

    if rt == "record":
        names = {full_name(reader)} | set(reader.get("aliases", []))
        if full_name(writer) not in names and writer.get("name") not in names:
            res.add(path, "name-change", f"{full_name(writer)} -> {full_name(reader)} without alias")
        wfields = {f["name"]: f for f in writer.get("fields", [])}
        for rf in reader.get("fields", []):
            candidates = [rf["name"], *rf.get("aliases", [])]
            wf = next((wfields[c] for c in candidates if c in wfields), None)
            sub = f"{path}.{rf['name']}"
            if wf is None:
                if "default" not in rf:
                    res.add(sub, "field-added-without-default", "reader needs a default")
                continue
            can_read(wf["type"], rf["type"], sub, res)
    elif rt == "enum":
        missing = set(writer.get("symbols", [])) - set(reader.get("symbols", []))
        if missing and "default" not in reader:
            res.add(path, "enum-symbol-removed", f"reader lacks {sorted(missing)}")
    elif rt == "array":
        can_read(writer["items"], reader["items"], f"{path}[]", res)
    elif rt == "map":
        can_read(writer["values"], reader["values"], f"{path}{{}}", res)
    elif rt == "fixed":
        if writer.get("size") != reader.get("size"):
            res.add(path, "fixed-size-change", f"{writer.get('size')} -> {reader.get('size')}")


def _ok(writer, reader) -> bool:
    probe = Result()
    can_read(writer, reader, "", probe)
    return not probe.issues


def check(old, new, mode: str) -> Result:
    res = Result()
    root = new.get("name", "root") if isinstance(new, dict) else "root"
    if mode in ("BACKWARD", "FULL"):
        can_read(old, new, root, res)
    if mode in ("FORWARD", "FULL"):
        can_read(new, old, root, res)
    return res


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--mode", default="BACKWARD", choices=["BACKWARD", "FORWARD", "FULL"])
    args = ap.parse_args()
    try:
        with open(args.old, encoding="utf-8") as fh:
            old = json.load(fh)
        with open(args.new, encoding="utf-8") as fh:
            new = json.load(fh)
    except (OSError, json.JSONDecodeError) as exc:
        print(json.dumps({"error": str(exc)}))
        return 2
    res = check(old, new, args.mode)
    print(json.dumps({"compatible": not res.issues, "mode": args.mode, "issues": res.issues}, indent=2))
    return 0 if not res.issues else 1


if __name__ == "__main__":
    sys.exit(main())
