#!/usr/bin/env python3
"""Local SSH key hygiene audit. Reads key metadata only; makes no network calls."""
import argparse
import json
import stat
import subprocess
import time
from pathlib import Path

SSH = Path.home() / ".ssh"
TWO_YEARS = 2 * 365 * 86400


def private_keys():
    for p in sorted(SSH.glob("*")):
        if not p.is_file() or p.suffix == ".pub":
            continue
        try:
            with p.open("rb") as fh:
                head = fh.readline(64)  # only the PEM/OpenSSH header line
        except OSError:
            continue
        if b"PRIVATE KEY" in head:
            yield p


def fingerprint(pub: Path):
    if not pub.exists():
        return None, None
    r = subprocess.run(["ssh-keygen", "-l", "-f", str(pub)], capture_output=True, text=True)
    parts = r.stdout.split()
    if len(parts) < 4:
        return None, None
    return int(parts[0]), parts[-1].strip("()")


def has_passphrase(key: Path) -> bool:
    # ssh-keygen -y with an empty passphrase succeeds only for unprotected keys.
    r = subprocess.run(["ssh-keygen", "-y", "-P", "", "-f", str(key)],
                       capture_output=True, text=True)
    return r.returncode != 0


def audit():
    rows = []
    now = time.time()
    for k in private_keys():
        st = k.stat()
        bits, ktype = fingerprint(k.with_name(k.name + ".pub"))
        mode = stat.S_IMODE(st.st_mode)
        issues = []
        if mode & 0o077:
            issues.append(f"permissions {oct(mode)} (want 0600)")
        if not has_passphrase(k):
            issues.append("no passphrase")
        if ktype == "DSA" or (ktype == "RSA" and bits and bits < 3072):
            issues.append(f"weak {ktype}-{bits}")
        if now - st.st_mtime > TWO_YEARS:
            issues.append("older than 2 years")
        rows.append({"key": k.name, "type": ktype, "bits": bits, "issues": issues})
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    rows = audit()
    if a.json:
        print(json.dumps(rows, indent=2))
        return
    for r in rows:
        print(f"{r['key']:<24} {str(r['type']):<8} {str(r['bits']):<6} {'; '.join(r['issues']) or 'ok'}")


if __name__ == "__main__":
    main()
