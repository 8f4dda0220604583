#!/usr/bin/env python3
"""Lint Snowflake connection config files for structure and safety.

Only key names and problems are reported; values are never printed.
No network access: this module imports nothing beyond the standard library.
"""
from __future__ import annotations

import argparse
import json
import os
import stat
import sys
import tomllib
from pathlib import Path

SECRET_KEYS = {"password", "token", "private_key_passphrase", "passcode", "oauth_client_secret"}


def default_files() -> list[Path]:
    home = Path(os.environ.get("SNOWFLAKE_HOME", Path.home() / ".snowflake"))
    return [p for p in (home / "connections.toml", home / "config.toml") if p.exists()]


def mode_problem(path: Path) -> str | None:
    if os.name != "posix":
        return None
    m = path.stat().st_mode
    if m & (stat.S_IRWXG | stat.S_IRWXO):
        return f"mode {stat.filemode(m)}; run: chmod 600 {path}"
    return None


def connections_of(doc: dict, path: Path) -> dict[str, dict]:
    if path.name == "config.toml":
        return doc.get("connections", {})
    return {k: v for k, v in doc.items() if isinstance(v, dict)}


def check_connection(name: str, conn: dict) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for req in ("account", "user"):
        if not conn.get(req):
            out.append(("error", f"[{name}] missing '{req}'"))
    auth = str(conn.get("authenticator", "snowflake")).lower()
    if "password" in conn and auth in ("snowflake", ""):
        out.append(("warn", f"[{name}] inline 'password' with password auth; prefer SNOWFLAKE_JWT key-pair or externalbrowser"))
    if "token" in conn:
        out.append(("warn", f"[{name}] inline 'token'; prefer 'token_file_path'"))
    if auth == "snowflake_jwt" or "private_key_file" in conn:
        pk = conn.get("private_key_file")
        if not pk:
            out.append(("error", f"[{name}] key-pair auth without 'private_key_file'"))
        else:
            p = Path(os.path.expanduser(str(pk)))
            if not p.exists():
                out.append(("error", f"[{name}] private_key_file does not exist"))
            elif (prob := mode_problem(p)):
                out.append(("error", f"[{name}] private key {prob}"))
    unknown_secrets = sorted(k for k in conn if k in SECRET_KEYS and k not in ("password", "token"))
    for k in unknown_secrets:
        out.append(("warn", f"[{name}] '{k}' stored inline"))
    return out


def lint(path: Path) -> dict:
    report = {"file": str(path), "connections": [], "problems": []}
    if (prob := mode_problem(path)):
        report["problems"].append(("error", prob))
    try:
        with path.open("rb") as fh:
            doc = tomllib.load(fh)
    except tomllib.TOMLDecodeError as e:
        report["problems"].append(("error", f"not valid TOML: line {e.lineno}" if hasattr(e, "lineno") else "not valid TOML"))
        return report
    conns = connections_of(doc, path)
    for name, conn in conns.items():
        # keys only; values stay in this function
        report["connections"].append({"name": name, "keys": sorted(conn)})
        report["problems"].extend(check_connection(name, conn))
    default = doc.get("default_connection_name")
    if default and default not in conns:
        report["problems"].append(("error", f"default_connection_name '{default}' not defined in this file"))
    del doc, conns
    return report


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--file", action="append", type=Path)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    files = args.file or default_files()
    if not files:
        print("no Snowflake config files found", file=sys.stderr)
        return 0
    reports = [lint(p) for p in files]
    if args.json:
        print(json.dumps(reports, indent=2))
    else:
        for r in reports:
            print(f"== {r['file']}")
            for c in r["connections"]:
                print(f"   {c['name']}: keys {', '.join(c['keys'])}")
            for level, msg in r["problems"] or [("ok", "no problems")]:
                print(f"   {level:5} {msg}")
    return 1 if any(lvl == "error" for r in reports for lvl, _ in r["problems"]) else 0


if __name__ == "__main__":
    sys.exit(main())
