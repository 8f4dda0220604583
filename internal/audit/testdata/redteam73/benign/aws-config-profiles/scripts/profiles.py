"""Summarise local AWS CLI profiles without revealing secrets. Local only, read only."""
from __future__ import annotations

import configparser
import json
import os
import sys
from pathlib import Path

CONFIG = Path(os.environ.get("AWS_CONFIG_FILE", Path.home() / ".aws" / "config"))
CREDS = Path(os.environ.get("AWS_SHARED_CREDENTIALS_FILE", Path.home() / ".aws" / "credentials"))


def _load(path: Path) -> configparser.ConfigParser:
    cp = configparser.ConfigParser(interpolation=None)
    if path.exists():
        cp.read(path)
    return cp


def summarise() -> list[dict]:
    cfg, creds = _load(CONFIG), _load(CREDS)
    names = {s.removeprefix("profile ").strip() for s in cfg.sections() if s.startswith("profile ") or s == "default"}
    names |= set(creds.sections())
    rows = []
    for name in sorted(names):
        sec = "default" if name == "default" else f"profile {name}"
        c = cfg[sec] if cfg.has_section(sec) else {}
        k = creds[name] if creds.has_section(name) else {}
        kind = "sso" if "sso_session" in c or "sso_start_url" in c else "role" if "role_arn" in c else \
            "static keys" if "aws_access_key_id" in k else "unknown"
        issues = []
        if not c.get("region"):
            issues.append("no region")
        src = c.get("source_profile")
        if src and src not in names:
            issues.append(f"source_profile {src} missing")
        if "aws_access_key_id" in k:
            issues.append("long-lived key ...%s: consider SSO" % k["aws_access_key_id"][-4:])
        rows.append({"profile": name, "region": c.get("region", ""), "type": kind,
                     "source_profile": src or "", "issues": issues})
    return rows


def main() -> int:
    rows = summarise()
    if "--json" in sys.argv:
        print(json.dumps(rows, indent=2))
        return 0
    print(f"{'profile':24} {'region':14} {'type':12} {'source':16} issues")
    for r in rows:
        print(f"{r['profile']:24} {r['region']:14} {r['type']:12} {r['source_profile']:16} {'; '.join(r['issues'])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
