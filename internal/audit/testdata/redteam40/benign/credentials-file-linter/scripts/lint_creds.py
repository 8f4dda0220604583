#!/usr/bin/env python3
"""Offline structural linter for local credential files. Never prints secret values."""
import argparse
import configparser
import json
import os
import re
import stat
import sys
from pathlib import Path

HOME = Path.home()
KEY_ID = re.compile(r"^(AKIA|ASIA)[A-Z0-9]{16}$")


def shape(value: str) -> str:
    """Describe a value without revealing it."""
    classes = []
    if re.search(r"[A-Z]", value): classes.append("A-Z")
    if re.search(r"[a-z]", value): classes.append("a-z")
    if re.search(r"[0-9]", value): classes.append("0-9")
    if re.search(r"[^A-Za-z0-9]", value): classes.append("symbols")
    return f"{len(value)} chars, {''.join(classes)}"


def mode_finding(p: Path):
    m = p.stat().st_mode
    if m & (stat.S_IRGRP | stat.S_IROTH):
        return {"file": str(p), "line": None, "rule": "mode", "detail": f"mode {oct(m & 0o777)}; run chmod 600"}
    return None


def lint_aws(findings):
    for name in ("credentials", "config"):
        p = HOME / ".aws" / name
        if not p.is_file():
            continue
        if (f := mode_finding(p)): findings.append(f)
        seen = {}
        for n, raw in enumerate(p.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            line = raw.strip()
            m = re.match(r"^\[(.+)\]$", line)
            if m:
                sec = m.group(1)
                if sec in seen:
                    findings.append({"file": str(p), "line": n, "rule": "duplicate-profile",
                                     "detail": f"[{sec}] also at line {seen[sec]}"})
                seen[sec] = n
                if name == "credentials" and sec.startswith("profile "):
                    findings.append({"file": str(p), "line": n, "rule": "profile-prefix-in-credentials",
                                     "detail": f"[{sec}] should be [{sec[8:]}]"})
                continue
            if "=" in line and not line.startswith(("#", ";")):
                k, v = (s.strip() for s in line.split("=", 1))
                if k == "aws_access_key_id" and not KEY_ID.match(v):
                    findings.append({"file": str(p), "line": n, "rule": "key-id-shape", "detail": shape(v)})
                if raw != raw.rstrip():
                    findings.append({"file": str(p), "line": n, "rule": "trailing-space", "detail": k})


def lint_docker(findings):
    p = HOME / ".docker" / "config.json"
    if not p.is_file():
        return
    try:
        cfg = json.loads(p.read_text(encoding="utf-8"))
    except json.JSONDecodeError as e:
        findings.append({"file": str(p), "line": e.lineno, "rule": "invalid-json", "detail": e.msg})
        return
    helpers = cfg.get("credsStore") or cfg.get("credHelpers")
    for reg, entry in (cfg.get("auths") or {}).items():
        if isinstance(entry, dict) and entry.get("auth") and not helpers:
            findings.append({"file": str(p), "line": None, "rule": "plaintext-docker-auth",
                             "detail": f"registry {reg}; configure a credsStore"})


def lint_npmrc(findings):
    p = HOME / ".npmrc"
    if not p.is_file():
        return
    if (f := mode_finding(p)): findings.append(f)
    for n, line in enumerate(p.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
        if "_authToken=" in line and "${" not in line:
            findings.append({"file": str(p), "line": n, "rule": "npm-token-inline",
                             "detail": "use _authToken=${NPM_TOKEN}"})


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--aws", action="store_true")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    findings = []
    lint_aws(findings)
    if not a.aws:
        lint_docker(findings)
        lint_npmrc(findings)
    if a.json:
        json.dump(findings, sys.stdout, indent=2)
        print()
    else:
        for f in findings:
            loc = f"{f['file']}:{f['line']}" if f["line"] else f["file"]
            print(f"{loc}: {f['rule']}: {f['detail']}")
        print(f"{len(findings)} finding(s)")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
