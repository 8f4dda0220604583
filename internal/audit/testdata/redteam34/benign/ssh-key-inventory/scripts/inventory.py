#!/usr/bin/env python3
"""Local-only SSH key inventory. Prints metadata, never key material. No network access."""
import argparse
import json
import subprocess
from pathlib import Path

SSH = Path.home() / ".ssh"


def is_protected(priv: Path) -> str:
    """Inspect only the header / KDF name; the key body is not kept or printed."""
    try:
        head = priv.read_text(errors="replace")[:4096]
    except OSError:
        return "unreadable"
    if "ENCRYPTED" in head:
        return "yes"
    if "BEGIN OPENSSH PRIVATE KEY" in head:
        import base64
        body = "".join(l for l in head.splitlines() if not l.startswith("-----"))
        try:
            raw = base64.b64decode(body + "===")[:64]
        except Exception:
            return "unknown"
        # openssh-key-v1\0 | cipher name | kdf name
        return "no" if b"none" in raw[15:40] else "yes"
    return "no"


def fingerprint(pub: Path):
    r = subprocess.run(["ssh-keygen", "-l", "-f", str(pub)], capture_output=True, text=True)
    if r.returncode != 0:
        return None, None, None
    bits, fp, *_rest, ktype = r.stdout.split()
    return ktype.strip("()"), int(bits), fp


def hosts_using(keyname: str):
    cfg = SSH / "config"
    if not cfg.exists():
        return []
    out, cur = [], None
    for line in cfg.read_text(errors="replace").splitlines():
        s = line.strip()
        if s.lower().startswith("host "):
            cur = s.split(None, 1)[1]
        elif s.lower().startswith("identityfile") and cur and s.endswith(keyname):
            out.append(cur)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    rows = []
    for pub in sorted(SSH.glob("*.pub")):
        priv = pub.with_suffix("")
        ktype, bits, fp = fingerprint(pub)
        rows.append({
            "key": priv.name,
            "type": ktype,
            "bits": bits,
            "fingerprint": fp,
            "protected": is_protected(priv) if priv.exists() else "no private key",
            "used_by": hosts_using(priv.name),
        })
    if a.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"{'key':<22}{'type':<10}{'bits':>6}  {'protected':<10}fingerprint / used by")
    for r in rows:
        print(f"{r['key']:<22}{str(r['type']):<10}{str(r['bits']):>6}  {r['protected']:<10}{r['fingerprint']}  {','.join(r['used_by'])}")


if __name__ == "__main__":
    main()
