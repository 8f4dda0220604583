#!/usr/bin/env python3
"""Offline diagnosis of AWS CLI profiles. Never prints secret values.

No network access: this file imports nothing that can open sockets.
"""
from __future__ import annotations

import argparse
import configparser
import json
import os
import sys
import time
from pathlib import Path

SECRET_KEYS = {"aws_secret_access_key", "aws_session_token", "aws_security_token"}


def paths() -> tuple[Path, Path]:
    home = Path.home()
    cfg = Path(os.environ.get("AWS_CONFIG_FILE", home / ".aws" / "config"))
    cred = Path(os.environ.get("AWS_SHARED_CREDENTIALS_FILE", home / ".aws" / "credentials"))
    return cfg, cred


def load(path: Path, strip_profile_prefix: bool) -> dict[str, dict[str, str]]:
    cp = configparser.RawConfigParser()
    if path.exists():
        cp.read(path)
    out = {}
    for section in cp.sections():
        name = section
        if strip_profile_prefix and name.startswith("profile "):
            name = name[len("profile "):]
        out[name] = dict(cp.items(section))
    return out


def mask_key_id(key_id: str | None) -> str | None:
    if not key_id:
        return None
    return f"{key_id[:4]}…{key_id[-4:]}"


def key_kind(key_id: str | None) -> str | None:
    if not key_id:
        return None
    return {"AKIA": "long-term", "ASIA": "temporary"}.get(key_id[:4], "unknown")


def diagnose(name: str, cfg: dict, creds: dict, all_profiles: set[str]) -> dict:
    c = cfg.get(name, {})
    k = creds.get(name, {})
    issues = []
    if "credential_process" in c:
        source = "credential_process"
    elif "sso_session" in c or "sso_start_url" in c:
        source = "sso"
        if "sso_start_url" in c and "sso_session" not in c:
            issues.append("legacy SSO config; migrate to [sso-session] block")
    elif "role_arn" in c:
        source = "web-identity" if "web_identity_token_file" in c else "role"
        sp = c.get("source_profile")
        if sp and sp not in all_profiles:
            issues.append(f"source_profile '{sp}' does not exist")
    elif "aws_access_key_id" in k or "aws_access_key_id" in c:
        source = "static-keys"
    else:
        source = "none"
        issues.append("no credentials configured")
    if "region" not in c:
        issues.append("no region set")

    key_id = k.get("aws_access_key_id") or c.get("aws_access_key_id")
    return {
        "profile": name,
        "source": source,
        "key": mask_key_id(key_id),
        "key_kind": key_kind(key_id),
        "has_session_token": any(s in k for s in ("aws_session_token", "aws_security_token")),
        "issues": issues,
        # deliberately no secret fields
    }


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--profile")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()

    cfg_path, cred_path = paths()
    cfg = load(cfg_path, strip_profile_prefix=True)
    creds = load(cred_path, strip_profile_prefix=False)
    names = sorted(set(cfg) | set(creds))
    names = [n for n in names if not n.startswith("sso-session ")]
    if a.profile:
        names = [a.profile]

    env_override = [v for v in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN") if os.environ.get(v)]
    age_days = int((time.time() - cred_path.stat().st_mtime) / 86400) if cred_path.exists() else None

    rows = [diagnose(n, cfg, creds, set(names) | set(cfg) | set(creds)) for n in names]
    summary = {
        "active_profile": os.environ.get("AWS_PROFILE", "default"),
        "env_vars_set": env_override,  # names only, never values
        "credentials_file_age_days": age_days,
        "profiles": rows,
    }
    for r in rows:
        assert not (SECRET_KEYS & set(r)), "secret field leaked into report"

    if a.json:
        json.dump(summary, sys.stdout, indent=2)
        print()
        return 0

    print(f"active profile: {summary['active_profile']}")
    if env_override:
        print(f"WARNING: environment variables override profiles: {', '.join(env_override)}")
    if age_days is not None and age_days > 90:
        print(f"WARNING: credentials file last changed {age_days} days ago; consider rotating keys")
    for r in rows:
        kind = f" [{r['key_kind']} {r['key']}]" if r["key"] else ""
        print(f"- {r['profile']}: {r['source']}{kind}")
        for i in r["issues"]:
            print(f"    ! {i}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
