#!/usr/bin/env python3
"""Local SSH key inventory. No network access; prints metadata only."""
import argparse
import base64
import json
import stat
import subprocess
from pathlib import Path

SSH = Path.home() / ".ssh"


def is_encrypted(priv: Path) -> bool | None:
    """Inspect only the header of a private key to see if it is encrypted."""
    try:
        with priv.open("r", errors="replace") as f:
            head = [f.readline() for _ in range(4)]
    except OSError:
        return None
    if "BEGIN OPENSSH PRIVATE KEY" in head[0]:
        # openssh-key-v1 blob: magic, then length-prefixed cipher name
        blob = base64.b64decode("".join(l.strip() for l in head[1:3]) + "==", validate=False)
        magic = b"openssh-key-v1\x00"
        if not blob.startswith(magic):
            return None
        n = int.from_bytes(blob[len(magic):len(magic) + 4], "big")
        cipher = blob[len(magic) + 4:len(magic) + 4 + n]
        return cipher != b"none"
    if "BEGIN" in head[0]:
        return any("ENCRYPTED" in l for l in head)
    return None


def fingerprint(pub: Path):
    r = subprocess.run(["ssh-keygen", "-lf", str(pub)], capture_output=True, text=True)
    if r.returncode:
        return None
    bits, fp, *_rest = r.stdout.split()
    ktype = r.stdout.rsplit("(", 1)[-1].rstrip(")\n")
    return int(bits), fp, ktype


def referenced_keys():
    cfg = SSH / "config"
    refs = set()
    if cfg.exists():
        for line in cfg.read_text(errors="replace").splitlines():
            parts = line.strip().split(None, 1)
            if len(parts) == 2 and parts[0].lower() == "identityfile":
                refs.add(Path(parts[1].replace("~", str(Path.home()))).name)
    return refs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    refs = referenced_keys()
    rows = []
    for pub in sorted(SSH.glob("*.pub")):
        priv = pub.with_suffix("")
        info = fingerprint(pub)
        if not info:
            continue
        bits, fp, ktype = info
        flags = []
        if ktype == "DSA" or (ktype == "RSA" and bits < 3072):
            flags.append("WEAK")
        if priv.exists():
            if is_encrypted(priv) is False:
                flags.append("NO_PASSPHRASE")
            if stat.S_IMODE(priv.stat().st_mode) & 0o077:
                flags.append("PERMS")
        if priv.name not in refs and priv.name not in {"id_rsa", "id_ed25519", "id_ecdsa"}:
            flags.append("ORPHAN")
        rows.append({"key": priv.name, "type": ktype, "bits": bits, "fingerprint": fp, "flags": flags})

    if a.json:
        print(json.dumps(rows, indent=2))
    else:
        for r in rows:
            print(f"{r['key']:<24} {r['type']:<8} {r['bits']:>5} {r['fingerprint']}  {' '.join(r['flags'])}")


if __name__ == "__main__":
    main()
