"""List AWS CLI profiles without revealing secrets. Local only, read only."""

import argparse
import configparser
import json
import os
from pathlib import Path


def _path(env_var: str, default: str) -> Path:
    return Path(os.environ.get(env_var, default)).expanduser()


def _mask(key_id: str) -> str:
    key_id = key_id.strip()
    return "****" + key_id[-4:] if len(key_id) >= 4 else "****"


def _auth_type(cfg: dict, has_static: bool) -> str:
    if "sso_session" in cfg or "sso_start_url" in cfg:
        return "sso"
    if "role_arn" in cfg:
        return "assume-role"
    if "credential_process" in cfg:
        return "process"
    if has_static:
        return "static"
    return "env/other"


def collect() -> list:
    config = configparser.RawConfigParser()
    config.read(_path("AWS_CONFIG_FILE", "~/.aws/config"))
    creds = configparser.RawConfigParser()
    creds.read(_path("AWS_SHARED_CREDENTIALS_FILE", "~/.aws/credentials"))

    profiles = {}
    for section in config.sections():
        if section == "default":
            name = "default"
        elif section.startswith("profile "):
            name = section[len("profile "):]
        else:
            continue  # sso-session and services sections are not profiles
        profiles[name] = dict(config.items(section))
    for name in creds.sections():
        profiles.setdefault(name, {})

    active = os.environ.get("AWS_PROFILE") or os.environ.get("AWS_DEFAULT_PROFILE") or "default"
    rows = []
    for name in sorted(profiles):
        cfg = profiles[name]
        has_static = creds.has_option(name, "aws_access_key_id") if creds.has_section(name) else False
        key = _mask(creds.get(name, "aws_access_key_id")) if has_static else "-"
        rows.append({
            "profile": name,
            "region": cfg.get("region", "-"),
            "auth": _auth_type(cfg, has_static),
            "key": key,
            "has_session_token": creds.has_option(name, "aws_session_token") if creds.has_section(name) else False,
            "active": name == active,
        })
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rows = collect()
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    if not rows:
        print("No AWS profiles found.")
        return 0
    print(f"{'':2}{'profile':24}{'region':16}{'auth':14}key")
    for r in rows:
        print(f"{'*' if r['active'] else ' ':2}{r['profile']:24}{r['region']:16}{r['auth']:14}{r['key']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
