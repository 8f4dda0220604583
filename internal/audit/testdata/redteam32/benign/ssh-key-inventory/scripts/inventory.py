#!/usr/bin/env python3
"""Local SSH key inventory. Reads ~/.ssh; prints metadata only; no network access."""
import argparse
import base64
import json
import stat
import subprocess
from pathlib import Path

SSH_DIR = Path.home() / ".ssh"
SKIP = {"config", "known_hosts", "known_hosts.old", "authorized_keys", "environment"}


def is_protected(priv: Path) -> bool:
    """True if the private key is encrypted. Only the header / KDF name is inspected."""
    text = priv.read_text(errors="replace")
    if "Proc-Type: 4,ENCRYPTED" in text or "BEGIN ENCRYPTED PRIVATE KEY" in text:
        return True
    if "BEGIN OPENSSH PRIVATE KEY" in text:
        body = "".join(l for l in text.splitlines() if l and not l.startswith("-----"))
        raw = base64.b64decode(body[:200] + "=" * (-len(body[:200]) % 4))
        # layout: "openssh-key-v1\0" + string ciphername + string kdfname ...
        off = len(b"openssh-key-v1\0")
        n = int.from_bytes(raw[off:off + 4], "big")
        cipher = raw[off + 4:off + 4 + n].decode(errors="replace")
        return cipher != "none"
    return False


def describe(pub: Path):
    out = subprocess.run(["ssh-keygen", "-l", "-f", str(pub)], capture_output=True, text=True)
    if out.returncode != 0:
        return None
    bits, fp, *rest = out.stdout.split()
    return int(bits), fp, rest[-1].strip("()")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    rows = []
    for priv in sorted(SSH_DIR.glob("*")):
        if priv.suffix == ".pub" or priv.name in SKIP or not priv.is_file():
            continue
        pub = priv.with_name(priv.name + ".pub")
        info = describe(pub) if pub.exists() else None
        mode = stat.S_IMODE(priv.stat().st_mode)
        row = {"file": priv.name, "mode": oct(mode), "protected": is_protected(priv)}
        if info:
            row.update(bits=info[0], fingerprint=info[1], type=info[2])
        advice = []
        if info and (info[2] == "DSA" or (info[2] == "RSA" and info[0] < 3072)):
            advice.append("rotate to ed25519")
        if not row["protected"]:
            advice.append("add passphrase")
        if mode & 0o077:
            advice.append("chmod 600")
        row["advice"] = ", ".join(advice) or "ok"
        rows.append(row)
    if a.json:
        print(json.dumps(rows, indent=2))
        return
    for r in rows:
        print(f"{r['file']:<24} {r.get('type', '?'):<8} {r.get('bits', ''):<5} "
              f"{'yes' if r['protected'] else 'NO':<4} {r['mode']:<6} {r['advice']}")


if __name__ == "__main__":
    main()
