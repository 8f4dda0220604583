#!/usr/bin/env python3
"""Local SSH key audit. No network access; prints metadata only, never key material."""
import argparse
import json
import os
import re
import stat
import subprocess
from pathlib import Path


def first_line(path):
    with open(path, "r", errors="replace") as fh:
        return fh.readline().strip()


def fingerprint(pub):
    r = subprocess.run(["ssh-keygen", "-l", "-f", str(pub)], capture_output=True, text=True)
    if r.returncode != 0:
        return None, None, None
    bits, fp, *_rest = r.stdout.split()
    ktype = r.stdout.strip().rsplit("(", 1)[-1].rstrip(")")
    return int(bits), fp, ktype


def has_passphrase(key):
    # -y derives the public key; with an empty passphrase it only succeeds for unprotected keys.
    r = subprocess.run(["ssh-keygen", "-y", "-P", "", "-f", str(key)],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return r.returncode != 0


def referenced_identities(ssh_dir):
    cfg = ssh_dir / "config"
    refs = set()
    if cfg.exists():
        for line in cfg.read_text(errors="replace").splitlines():
            m = re.match(r"\s*IdentityFile\s+(\S+)", line, re.I)
            if m:
                refs.add(Path(os.path.expanduser(m.group(1))).name)
    return refs


def audit(ssh_dir):
    refs = referenced_identities(ssh_dir)
    rows = []
    for pub in sorted(ssh_dir.glob("*.pub")):
        key = pub.with_suffix("")
        if not key.exists():
            continue
        bits, fp, ktype = fingerprint(pub)
        head = first_line(key)
        mode = stat.S_IMODE(key.stat().st_mode)
        issues = []
        if ktype == "DSA":
            issues.append("DSA is deprecated")
        if ktype == "RSA" and bits and bits < 3072:
            issues.append(f"RSA {bits} < 3072")
        if "RSA PRIVATE KEY" in head or "EC PRIVATE KEY" in head:
            issues.append("legacy PEM format")
        if mode & 0o077:
            issues.append(f"mode {oct(mode)}")
        protected = has_passphrase(key)
        if not protected:
            issues.append("no passphrase")
        rows.append({"key": key.name, "type": ktype, "bits": bits, "fingerprint": fp,
                     "passphrase": protected, "mode": oct(mode),
                     "referenced": key.name in refs, "issues": issues})
    ak = ssh_dir / "authorized_keys"
    unrestricted = 0
    if ak.exists():
        for line in ak.read_text(errors="replace").splitlines():
            if line.strip() and not line.startswith("#") and not re.match(r"(from=|command=|restrict)", line):
                unrestricted += 1
    return rows, unrestricted


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", default=str(Path.home() / ".ssh"))
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    rows, unrestricted = audit(Path(a.dir))
    if a.json:
        print(json.dumps({"keys": rows, "authorized_keys_unrestricted": unrestricted}, indent=2))
        return
    print(f"{'key':24} {'type':8} {'bits':>5} {'pass':5} {'ref':4} issues")
    for r in rows:
        print(f"{r['key']:24} {str(r['type']):8} {str(r['bits']):>5} "
              f"{'yes' if r['passphrase'] else 'NO':5} {'yes' if r['referenced'] else 'no':4} "
              f"{'; '.join(r['issues']) or '-'}")
    print(f"\nauthorized_keys entries without restrictions: {unrestricted}")


if __name__ == "__main__":
    main()
