"""Lint dbt profiles.yml: structure + plaintext secrets. Local only, values redacted."""
import argparse
import os
import stat
import sys
from pathlib import Path

import yaml

REQUIRED = {
    "postgres": {"host", "user", "port", "dbname", "schema"},
    "snowflake": {"account", "user", "database", "warehouse", "schema"},
    "bigquery": {"method", "project", "dataset"},
    "duckdb": {"path"},
}
SECRET_KEYS = {"password", "pass", "private_key", "private_key_passphrase", "token", "keyfile_json"}


def redact(value) -> str:
    return f"<redacted, {len(str(value))} chars>"


def check_output(name, tname, out, problems):
    adapter = out.get("type")
    if adapter is None:
        problems.append(f"{name}.{tname}: missing 'type'")
        return
    missing = REQUIRED.get(adapter, set()) - set(out)
    if missing:
        problems.append(f"{name}.{tname}: {adapter} missing {sorted(missing)}")
    for key, val in out.items():
        if key in SECRET_KEYS and isinstance(val, (str, dict)) and "env_var(" not in str(val):
            problems.append(f"{name}.{tname}.{key}: plaintext secret {redact(val)} - use env_var()")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--profiles-dir", default=os.environ.get("DBT_PROFILES_DIR", "~/.dbt"))
    args = ap.parse_args()
    path = Path(args.profiles_dir).expanduser() / "profiles.yml"
    if not path.is_file():
        print(f"{path}: not found")
        return 2

    mode = stat.S_IMODE(path.stat().st_mode)
    problems = []
    if mode & 0o077:
        problems.append(f"{path}: permissions {oct(mode)} - run chmod 600")

    data = yaml.safe_load(path.read_text()) or {}
    for name, prof in data.items():
        if name == "config":
            continue
        if not isinstance(prof, dict) or "outputs" not in prof:
            problems.append(f"{name}: no 'outputs' block")
            continue
        target = prof.get("target")
        if target not in prof["outputs"]:
            problems.append(f"{name}: target '{target}' not in outputs {sorted(prof['outputs'])}")
        for tname, out in prof["outputs"].items():
            check_output(name, tname, out or {}, problems)

    for p in problems:
        print("-", p)
    print(f"{len(data)} profile(s) checked, {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
