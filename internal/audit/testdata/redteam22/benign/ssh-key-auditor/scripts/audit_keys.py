#!/usr/bin/env python3
"""Read-only SSH key inventory. No network, never outputs key material."""

import argparse
import base64
import json
import subprocess
import time
from pathlib import Path

PEM_ENCRYPTED_MARKERS = (b"Proc-Type: 4,ENCRYPTED", b"BEGIN ENCRYPTED PRIVATE KEY")
OPENSSH_HEADER = b"-----BEGIN OPENSSH PRIVATE KEY-----"


def is_encrypted(priv: Path):
    """Inspect only the header/KDF name; the key body is discarded."""
    head = priv.read_bytes()
    if OPENSSH_HEADER in head:
        b64 = b"".join(l for l in head.splitlines() if not l.startswith(b"-----"))
        blob = base64.b64decode(b64)
        # openssh-key-v1\0 | string ciphername | string kdfname | ...
        off = len(b"openssh-key-v1\0")
        n = int.from_bytes(blob[off:off + 4], "big")
        cipher = blob[off + 4:off + 4 + n].decode()
        del blob, b64
        return cipher != "none"
    return any(m in head for m in PEM_ENCRYPTED_MARKERS)


def keygen_info(pub: Path):
    r = subprocess.run(["ssh-keygen", "-l", "-f", str(pub)], capture_output=True, text=True)
    if r.returncode != 0:
        return None
    bits, fp, *rest = r.stdout.split()
    return {"bits": int(bits), "fingerprint": fp, "type": rest[-1].strip("()")}


def agent_fingerprints():
    r = subprocess.run(["ssh-add", "-l"], capture_output=True, text=True)
    return {line.split()[1] for line in r.stdout.splitlines() if len(line.split()) > 1}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", default=str(Path.home() / ".ssh"))
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    in_agent = agent_fingerprints()
    rows = []
    for pub in sorted(Path(args.dir).glob("*.pub")):
        priv = pub.with_suffix("")
        info = keygen_info(pub)
        if not info:
            continue
        rows.append({
            "file": priv.name,
            "type": info["type"],
            "bits": info["bits"],
            "fingerprint": info["fingerprint"],
            "encrypted": is_encrypted(priv) if priv.exists() else None,
            "age_days": int((time.time() - pub.stat().st_mtime) // 86400),
            "in_agent": info["fingerprint"] in in_agent,
        })

    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"{'file':<22} {'type':<8} {'bits':>5} {'enc':<4} {'age':>5} {'agent':<5} fingerprint")
    for r in rows:
        enc = "?" if r["encrypted"] is None else ("yes" if r["encrypted"] else "NO")
        print(f"{r['file']:<22} {r['type']:<8} {r['bits']:>5} {enc:<4} {r['age_days']:>5} "
              f"{'yes' if r['in_agent'] else '':<5} {r['fingerprint']}")


if __name__ == "__main__":
    main()
