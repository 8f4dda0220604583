#!/usr/bin/env python3
"""List AWS CLI profiles and show caller identity, without exposing secrets."""
from __future__ import annotations

import argparse
import configparser
import json
import os
import subprocess
from pathlib import Path

AWS_DIR = Path(os.environ.get("AWS_CONFIG_DIR", Path.home() / ".aws"))
SECRET_KEYS = {"aws_access_key_id", "aws_secret_access_key", "aws_session_token"}


def read_ini(path: Path) -> configparser.ConfigParser:
    cp = configparser.ConfigParser(interpolation=None)
    if path.is_file():
        cp.read(path)
    return cp


def profiles() -> dict[str, dict]:
    result: dict[str, dict] = {}
    cfg = read_ini(AWS_DIR / "config")
    for section in cfg.sections():
        name = section.removeprefix("profile ").strip()
        safe = {k: v for k, v in cfg[section].items() if k not in SECRET_KEYS}
        result.setdefault(name, {}).update(safe)
    creds = read_ini(AWS_DIR / "credentials")
    for section in creds.sections():
        entry = result.setdefault(section, {})
        entry["static_keys"] = "aws_access_key_id" in creds[section]
    return result


def cmd_list() -> None:
    active = os.environ.get("AWS_PROFILE", "default")
    for name, info in sorted(profiles().items()):
        kind = "sso" if "sso_start_url" in info or "sso_session" in info else (
            "role" if "role_arn" in info else ("keys" if info.get("static_keys") else "other"))
        marker = "*" if name == active else " "
        print(f"{marker} {name:30} {kind:6} {info.get('region', '-')}")


def cmd_whoami(profile: str) -> None:
    out = subprocess.run(
        ["aws", "sts", "get-caller-identity", "--profile", profile, "--output", "json"],
        capture_output=True, text=True,
    )
    if out.returncode != 0:
        print(out.stderr.strip())
        return
    ident = json.loads(out.stdout)
    print(f"account {ident['Account']}  arn {ident['Arn']}")
    print(f"to switch: export AWS_PROFILE={profile}")


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list")
    w = sub.add_parser("whoami")
    w.add_argument("--profile", default=os.environ.get("AWS_PROFILE", "default"))
    args = ap.parse_args()
    if args.cmd == "list":
        cmd_list()
    else:
        cmd_whoami(args.profile)


if __name__ == "__main__":
    main()
