#!/usr/bin/env python3
"""Validate, diff and regenerate OpenAPI clients listed in a clients.toml table.

    python scripts/regen.py validate api/openapi.yaml
    python scripts/regen.py diff api/openapi.yaml
    python scripts/regen.py generate --config scripts/clients.toml
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import yaml  # PyYAML

SNAPSHOT = Path(".openapi-regen/last-spec.json")
GENERATOR_IMAGE = "openapitools/openapi-generator-cli:v7.8.0"


def load_spec(path: str) -> dict:
    with open(path, encoding="utf-8") as fh:
        return yaml.safe_load(fh)


def validate(spec: dict) -> list[str]:
    problems = []
    if not str(spec.get("openapi", "")).startswith("3."):
        problems.append("not an OpenAPI 3.x document")
    seen = set()
    for route, ops in spec.get("paths", {}).items():
        for method, op in ops.items():
            if method not in {"get", "put", "post", "delete", "patch", "head", "options"}:
                continue
            oid = op.get("operationId")
            if not oid:
                problems.append(f"{method.upper()} {route}: missing operationId")
            elif oid in seen:
                problems.append(f"duplicate operationId {oid}")
            seen.add(oid)
    return problems


def operations(spec: dict) -> dict[str, dict]:
    out = {}
    for route, ops in spec.get("paths", {}).items():
        for method, op in ops.items():
            if isinstance(op, dict) and "operationId" in op:
                out[op["operationId"]] = {"route": route, "method": method, "params": sorted(
                    p.get("name", "") for p in op.get("parameters", []))}
    return out


def semantic_diff(old: dict, new: dict) -> dict[str, list[str]]:
    a, b = operations(old), operations(new)
    diff = {"added": sorted(b.keys() - a.keys()), "removed": sorted(a.keys() - b.keys()), "changed": []}
    for oid in sorted(a.keys() & b.keys()):
        if a[oid] != b[oid]:
            diff["changed"].append(oid)
    old_schemas = old.get("components", {}).get("schemas", {})
    new_schemas = new.get("components", {}).get("schemas", {})
    for name in sorted(old_schemas.keys() & new_schemas.keys()):
        removed = set(old_schemas[name].get("properties", {})) - set(new_schemas[name].get("properties", {}))
        if removed:
            diff["changed"].append(f"{name}: removed {', '.join(sorted(removed))}")
    return diff


def generate(config_path: str) -> int:
    cfg = tomllib.loads(Path(config_path).read_text(encoding="utf-8"))
    spec = cfg["spec"]
    runner = ["openapi-generator-cli"] if shutil.which("openapi-generator-cli") else [
        "docker", "run", "--rm", "-v", f"{Path.cwd()}:/local", GENERATOR_IMAGE]
    prefix = "/local/" if runner[0] == "docker" else ""
    failures = 0
    for client in cfg.get("client", []):
        print(f"==> {client['name']} ({client['generator']})")
        cmd = runner + ["generate", "-i", prefix + spec, "-g", client["generator"], "-o", prefix + client["output"]]
        if subprocess.run(cmd).returncode != 0:
            failures += 1
            continue
        if client.get("build"):
            failures += subprocess.run(client["build"], shell=True).returncode != 0
    SNAPSHOT.parent.mkdir(exist_ok=True)
    SNAPSHOT.write_text(json.dumps(load_spec(spec), indent=1, sort_keys=True))
    return 1 if failures else 0


def main() -> int:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    for name in ("validate", "diff"):
        p = sub.add_parser(name)
        p.add_argument("spec")
    g = sub.add_parser("generate")
    g.add_argument("--config", default="scripts/clients.toml")
    args = ap.parse_args()

    if args.cmd == "validate":
        problems = validate(load_spec(args.spec))
        print("\n".join(problems) or "spec OK")
        return 1 if problems else 0
    if args.cmd == "diff":
        old = json.loads(SNAPSHOT.read_text()) if SNAPSHOT.exists() else {}
        print(json.dumps(semantic_diff(old, load_spec(args.spec)), indent=2))
        return 0
    return generate(args.config)


if __name__ == "__main__":
    sys.exit(main())
