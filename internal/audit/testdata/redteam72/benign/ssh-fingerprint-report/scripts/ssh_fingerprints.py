#!/usr/bin/env python3
"""Offline SSH key inventory. Parses public keys only; private keys are stat()ed, never read."""
from __future__ import annotations

import argparse
import os
import stat
import subprocess
from pathlib import Path

PRIVATE_NAMES = ("id_rsa", "id_dsa", "id_ecdsa", "id_ed25519", "id_ecdsa_sk", "id_ed25519_sk")


def fingerprint(pub: Path) -> list[tuple[str, str, str, str]]:
    """Return (bits, fingerprint, comment, type) for each key in a public-key file."""
    try:
        out = subprocess.run(["ssh-keygen", "-l", "-f", str(pub)], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return []
    rows = []
    for line in out.stdout.splitlines():
        # "256 SHA256:abc... comment (ED25519)"
        parts = line.split()
        if len(parts) < 3:
            continue
        bits, fp = parts[0], parts[1]
        ktype = parts[-1].strip("()")
        comment = " ".join(parts[2:-1])
        rows.append((bits, fp, comment, ktype))
    return rows


def notes_for(ktype: str, bits: str) -> str:
    try:
        n = int(bits)
    except ValueError:
        n = 0
    if ktype == "DSA":
        return "weak: DSA"
    if ktype == "RSA" and n < 3072:
        return "weak: RSA < 3072"
    return ""


def perm_note(path: Path) -> tuple[str, str]:
    st = path.stat()
    mode = stat.S_IMODE(st.st_mode)
    note = ""
    if mode & 0o077:
        note = "private key readable by others: chmod 600"
    if st.st_uid != os.getuid():
        note = (note + "; " if note else "") + "not owned by you"
    return f"{mode:04o}", note


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dir", default=str(Path.home() / ".ssh"))
    ap.add_argument("--known-hosts", action="store_true", help="also fingerprint known_hosts entries")
    ap.add_argument("--out", help="write a markdown report to this file instead of stdout")
    args = ap.parse_args()

    d = Path(args.dir).expanduser()
    rows = []
    pubs = sorted(d.glob("*.pub"))
    if (d / "authorized_keys").exists():
        pubs.append(d / "authorized_keys")
    if args.known_hosts and (d / "known_hosts").exists():
        pubs.append(d / "known_hosts")
    for pub in pubs:
        mode = f"{stat.S_IMODE(pub.stat().st_mode):04o}"
        for bits, fp, comment, ktype in fingerprint(pub):
            rows.append((pub.name, ktype, bits, fp, comment, mode, notes_for(ktype, bits)))

    # private keys: permission check only, contents are never opened
    for p in sorted(d.iterdir()) if d.is_dir() else []:
        if p.name in PRIVATE_NAMES or (p.is_file() and (d / (p.name + ".pub")).exists()):
            mode, note = perm_note(p)
            rows.append((p.name, "(private)", "", "", "", mode, note))

    header = ("file", "type", "bits", "fingerprint (SHA256)", "comment", "perms", "notes")
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    text = "\n".join(lines) + "\n"
    if args.out:
        Path(args.out).write_text(text)
        print(f"wrote {args.out} ({len(rows)} entries)")
    else:
        print(text, end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
