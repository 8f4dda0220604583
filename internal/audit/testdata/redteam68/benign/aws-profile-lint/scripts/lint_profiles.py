"""Offline lint for ~/.aws/config and ~/.aws/credentials.

Never prints secret values: only key ids shortened to their last 4 characters
and whether secret fields are present.  No network access.
"""

import argparse
import configparser
import stat
import sys
from pathlib import Path

SECRET_FIELDS = ("aws_secret_access_key", "aws_session_token")


def load(path):
    parser = configparser.RawConfigParser()
    if path.is_file():
        parser.read(path)
    return parser


def profile_name(section, in_config):
    if not in_config:
        return section
    if section == "default":
        return "default"
    return section[len("profile "):] if section.startswith("profile ") else None


def mask(key_id):
    return f"…{key_id[-4:]}" if key_id and len(key_id) >= 4 else "(short)"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--aws-dir", default=str(Path.home() / ".aws"))
    args = ap.parse_args()
    aws = Path(args.aws_dir).expanduser()
    cfg_path, cred_path = aws / "config", aws / "credentials"
    cfg, cred = load(cfg_path), load(cred_path)

    profiles = {}
    for section in cfg.sections():
        name = profile_name(section, True)
        if name:
            profiles.setdefault(name, {})["config"] = dict(cfg[section])
    for section in cred.sections():
        profiles.setdefault(section, {})["credentials"] = {
            k: v for k, v in cred[section].items() if k not in SECRET_FIELDS
        } | {f"has_{k}": k in cred[section] for k in SECRET_FIELDS}

    problems = 0
    for name in sorted(profiles):
        entry = profiles[name]
        c, k = entry.get("config", {}), entry.get("credentials", {})
        key_id = k.get("aws_access_key_id")
        print(f"[{name}]  config={'yes' if c else 'no'}  credentials={'yes' if k else 'no'}"
              f"  key_id={mask(key_id) if key_id else '-'}")
        if "region" not in c and "sso_session" not in c:
            print("   - no region set"); problems += 1
        if k and not c:
            print("   - defined only in credentials; add a [profile] block to config"); problems += 1
        if k.get("has_aws_secret_access_key") and ("sso_session" in c or "sso_start_url" in c):
            print("   - static keys next to SSO settings; prefer SSO and remove the static keys"); problems += 1

    if cred_path.is_file():
        mode = cred_path.stat().st_mode
        if mode & (stat.S_IRGRP | stat.S_IROTH):
            print(f"credentials file mode {oct(mode & 0o777)}: run chmod 600 {cred_path}"); problems += 1

    print(f"{len(profiles)} profiles, {problems} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
