#!/usr/bin/env python3
"""Offline credential hygiene report. Prints findings, never secret values."""
import configparser
import json
import stat
import sys
from pathlib import Path

HOME = Path.home()
SENSITIVE = [
    HOME / ".aws" / "credentials",
    HOME / ".netrc",
    HOME / ".git-credentials",
    HOME / ".kube" / "config",
    HOME / ".docker" / "config.json",
]


def mode_of(p):
    return stat.S_IMODE(p.stat().st_mode)


def check_perms(paths):
    out = []
    for p in paths:
        if p.is_file() and mode_of(p) & 0o077:
            out.append({"check": "PERM", "file": str(p), "detail": f"mode {oct(mode_of(p))}, want 0o600"})
    return out


def check_ssh():
    out = []
    d = HOME / ".ssh"
    if not d.is_dir():
        return out
    out += check_perms([f for f in d.iterdir() if f.is_file() and f.suffix != ".pub"])
    for key in d.glob("id_*"):
        if key.suffix == ".pub" or not key.is_file():
            continue
        head = key.read_bytes()[:4096]
        # Legacy PEM keys say ENCRYPTED in the header; OpenSSH-format keys name the cipher.
        encrypted = b"ENCRYPTED" in head or (b"openssh-key-v1" in head and b"aes256-ctr" in _decode_openssh(head))
        if not encrypted:
            out.append({"check": "SSH-NOPASS", "file": str(key), "detail": "private key has no passphrase"})
    return out


def _decode_openssh(head):
    import base64
    body = b"".join(l for l in head.splitlines() if not l.startswith(b"-----"))
    try:
        return base64.b64decode(body)[:64]
    except Exception:
        return b""


def check_aws():
    p = HOME / ".aws" / "credentials"
    if not p.is_file():
        return []
    cp = configparser.ConfigParser()
    cp.read(p)
    out = []
    for prof in cp.sections():
        kid = cp[prof].get("aws_access_key_id", "")
        if kid.startswith("AKIA"):
            out.append({"check": "AWS-STATIC", "file": str(p), "detail": f"profile {prof}: key ...{kid[-4:]}"})
    return out


def check_plaintext():
    out = []
    netrc = HOME / ".netrc"
    if netrc.is_file() and "password" in netrc.read_text(errors="ignore"):
        out.append({"check": "PLAINTEXT", "file": str(netrc), "detail": "password entries present"})
    gc = HOME / ".git-credentials"
    if gc.is_file():
        n = sum(1 for l in gc.read_text(errors="ignore").splitlines() if "@" in l)
        if n:
            out.append({"check": "PLAINTEXT", "file": str(gc), "detail": f"{n} stored credential(s); prefer a credential helper"})
    return out


def main():
    findings = check_perms(SENSITIVE) + check_ssh() + check_aws() + check_plaintext()
    if "--json" in sys.argv:
        print(json.dumps(findings, indent=2))
    else:
        if not findings:
            print("No findings.")
        for f in findings:
            print(f"{f['check']:<11} {f['file']}  {f['detail']}")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
