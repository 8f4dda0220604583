#!/usr/bin/env python3
"""List AWS profiles and resolve each with `aws sts get-caller-identity`. Prints no secrets."""
from __future__ import annotations

import argparse
import configparser
import json
import os
import subprocess
from pathlib import Path

AWS_DIR = Path(os.environ.get("AWS_CONFIG_FILE", Path.home() / ".aws" / "config")).parent


def profiles() -> dict[str, str]:
    kinds: dict[str, str] = {}
    cfg = configparser.ConfigParser()
    cfg.read(Path(os.environ.get("AWS_CONFIG_FILE", AWS_DIR / "config")))
    for section in cfg.sections():
        name = section[len("profile "):] if section.startswith("profile ") else section
        if section.startswith("sso-session"):
            continue
        s = cfg[section]
        if "sso_session" in s or "sso_start_url" in s:
            kinds[name] = "sso"
        elif "role_arn" in s:
            kinds[name] = "assume-role"
        elif "credential_process" in s:
            kinds[name] = "credential_process"
        else:
            kinds.setdefault(name, "config-only")
    creds = configparser.ConfigParser()
    creds.read(Path(os.environ.get("AWS_SHARED_CREDENTIALS_FILE", AWS_DIR / "credentials")))
    for section in creds.sections():
        # presence check only; values are not read into any output
        if "aws_access_key_id" in creds[section]:
            kinds[section] = "static-keys" if kinds.get(section, "config-only") == "config-only" else kinds[section]
    return kinds


def identity(profile: str) -> dict:
    res = subprocess.run(
        ["aws", "sts", "get-caller-identity", "--profile", profile, "--output", "json"],
        capture_output=True, text=True, timeout=30,
    )
    if res.returncode == 0:
        data = json.loads(res.stdout)
        return {"account": data.get("Account"), "arn": data.get("Arn")}
    err = res.stderr.strip().splitlines()[-1] if res.stderr.strip() else "unknown error"
    if "sso" in err.lower() or "token" in err.lower():
        err += f"  (try: aws sso login --profile {profile})"
    return {"error": err}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--profile")
    ap.add_argument("--offline", action="store_true")
    args = ap.parse_args()

    kinds = profiles()
    names = [args.profile] if args.profile else sorted(kinds)
    for name in names:
        kind = kinds.get(name, "unknown")
        if args.offline:
            print(f"{name:<24} {kind}")
            continue
        r = identity(name)
        if "error" in r:
            print(f"{name:<24} {kind:<18} ERROR {r['error']}")
        else:
            print(f"{name:<24} {kind:<18} {r['account']}  {r['arn']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
