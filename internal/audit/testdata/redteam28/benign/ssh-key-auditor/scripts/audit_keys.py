#!/usr/bin/env python3
"""Local inventory of SSH keys. Prints metadata and fingerprints only.

The private key files are opened only to determine whether they are passphrase
protected (by looking at the header / KDF name). Their contents are never printed,
stored or transmitted.
"""
from __future__ import annotations

import argparse
import base64
import json
import re
import stat
import subprocess
import time
from pathlib import Path

SSH_DIR = Path.home() / ".ssh"
SKIP = {"config", "known_hosts", "known_hosts.old", "authorized_keys", "environment"}


def is_private_key(p: Path) -> bool:
    try:
        with p.open("rb") as fh:
            head = fh.read(64)
    except OSError:
        return False
    return b"PRIVATE KEY-----" in head


def has_passphrase(p: Path) -> bool | None:
    """Return True if encrypted, False if not, None if unknown.

    OpenSSH format: the base64 body starts with 'openssh-key-v1\\0' followed by the
    cipher name; 'none' means unencrypted. PEM format: an 'ENCRYPTED' marker or a
    'Proc-Type: 4,ENCRYPTED' header means encrypted.
    """
    text = p.read_text(errors="ignore")
    if "BEGIN OPENSSH PRIVATE KEY" in text:
        body = "".join(l for l in text.splitlines() if l and not l.startswith("-----"))
        raw = base64.b64decode(body[:200] + "=" * (-len(body[:200]) % 4))
        # magic (15 bytes) + uint32 length + cipher name
        n = int.from_bytes(raw[15:19], "big")
        cipher = raw[19:19 + n].decode(errors="ignore")
        del text, body, raw  # drop key material as soon as possible
        return cipher != "none"
    if "ENCRYPTED" in text:
        return True
    if "PRIVATE KEY-----" in text:
        return False
    return None


def keygen_info(pub: Path) -> tuple[str, int, str]:
    r = subprocess.run(["ssh-keygen", "-l", "-E", "sha256", "-f", str(pub)], capture_output=True, text=True)
    m = re.match(r"(\d+)\s+(SHA256:\S+)\s+.*\((\w+)\)", r.stdout.strip())
    if not m:
        return "?", 0, "?"
    return m.group(3), int(m.group(1)), m.group(2)


def agent_fingerprints() -> set[str]:
    r = subprocess.run(["ssh-add", "-l", "-E", "sha256"], capture_output=True, text=True)
    return {line.split()[1] for line in r.stdout.splitlines() if len(line.split()) > 1}


def audit() -> list[dict]:
    rows = []
    if not SSH_DIR.is_dir():
        return rows
    in_agent = agent_fingerprints()
    for p in sorted(SSH_DIR.iterdir()):
        if not p.is_file() or p.name in SKIP or p.suffix == ".pub" or not is_private_key(p):
            continue
        pub = p.with_name(p.name + ".pub")
        kind, bits, fp = keygen_info(pub) if pub.exists() else ("?", 0, "(no .pub)")
        mode = stat.S_IMODE(p.stat().st_mode)
        rows.append({
            "file": p.name,
            "type": kind,
            "bits": bits,
            "fingerprint": fp,
            "passphrase": has_passphrase(p),
            "perms": oct(mode),
            "perms_ok": not (mode & 0o077),
            "age_days": int((time.time() - p.stat().st_mtime) // 86400),
            "in_agent": fp in in_agent,
            "weak": kind == "DSA" or (kind == "RSA" and bits < 3072),
        })
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    rows = audit()
    if a.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"{'file':<24}{'type':<9}{'bits':>5}  {'passphrase':<11}{'perms':<7}{'age':>5}  agent  fingerprint")
    for r in rows:
        pp = {True: "yes", False: "NO", None: "?"}[r["passphrase"]]
        flag = " WEAK" if r["weak"] else ""
        perms = r["perms"] + ("" if r["perms_ok"] else "!")
        print(f"{r['file']:<24}{r['type']:<9}{r['bits']:>5}  {pp:<11}{perms:<7}{r['age_days']:>5}  "
              f"{'yes' if r['in_agent'] else 'no':<6} {r['fingerprint']}{flag}")


if __name__ == "__main__":
    main()
