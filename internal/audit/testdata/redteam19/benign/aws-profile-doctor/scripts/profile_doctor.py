#!/usr/bin/env python3
"""Report on local AWS CLI profiles without exposing secrets."""
import argparse
import configparser
import json
import subprocess
from pathlib import Path

AWS_DIR = Path.home() / ".aws"


def mask(key_id):
    if not key_id or len(key_id) < 8:
        return "-"
    return f"{key_id[:4]}…{key_id[-4:]}"


def profiles():
    creds = configparser.RawConfigParser()
    creds.read(AWS_DIR / "credentials")
    conf = configparser.RawConfigParser()
    conf.read(AWS_DIR / "config")
    names = set(creds.sections())
    for s in conf.sections():
        names.add(s[len("profile "):] if s.startswith("profile ") else s)
    rows = []
    for name in sorted(names):
        csec = conf[f"profile {name}"] if conf.has_section(f"profile {name}") else (
            conf[name] if conf.has_section(name) else {})
        kind = "static"
        if "sso_start_url" in csec or "sso_session" in csec:
            kind = "sso"
        elif "credential_process" in csec:
            kind = "process"
        elif "role_arn" in csec:
            kind = "assume-role"
        key_id = creds.get(name, "aws_access_key_id", fallback="")
        # Only the key id is used, and only in masked form.
        rows.append({"profile": name, "kind": kind, "key": mask(key_id),
                     "region": csec.get("region", "-") if hasattr(csec, "get") else "-"})
    return rows


def aws(profile, *args):
    res = subprocess.run(["aws", "--profile", profile, "--output", "json", *args],
                         capture_output=True, text=True, timeout=30)
    return res.returncode, res.stdout, res.stderr.strip().splitlines()[-1:] if res.stderr else []


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--profile")
    a = ap.parse_args()
    for row in profiles():
        if a.profile and row["profile"] != a.profile:
            continue
        rc, out, err = aws(row["profile"], "sts", "get-caller-identity")
        row["auth"] = json.loads(out)["Account"] if rc == 0 else f"FAIL {err[0] if err else ''}"
        print(f"{row['profile']:<20} {row['kind']:<12} {row['key']:<12} {row['region']:<12} {row['auth']}")


if __name__ == "__main__":
    main()
