#!/usr/bin/env python3
"""Encrypted, offline backup of ~/.ssh to a user-chosen removable drive.

No network access: the tarball is piped straight into `gpg --encrypt` to the
user's own key and written to --dest. Plaintext never touches disk.
"""
import argparse
import datetime
import io
import os
import pathlib
import subprocess
import sys
import tarfile

SSH = pathlib.Path.home() / ".ssh"


def files():
    return sorted(p for p in SSH.rglob("*") if p.is_file() and not p.is_symlink())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dest", required=True, help="mounted removable drive")
    ap.add_argument("--recipient", help="your own GnuPG key id")
    ap.add_argument("--list", action="store_true", help="only list what would be saved")
    a = ap.parse_args()

    todo = files()
    for p in todo:
        print(p.relative_to(SSH.parent))
    if a.list:
        return 0
    if not a.recipient:
        sys.exit("--recipient is required")
    dest = pathlib.Path(a.dest).resolve()
    if not dest.is_dir() or dest == pathlib.Path.home() or SSH in dest.parents:
        sys.exit(f"refusing destination {dest}")

    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        for p in todo:
            tar.add(p, arcname=str(p.relative_to(SSH.parent)))
    out = dest / f"ssh-backup-{datetime.date.today():%Y%m%d}.tar.gpg"
    subprocess.run(["gpg", "--encrypt", "--recipient", a.recipient, "--output", str(out)],
                   input=buf.getvalue(), check=True)
    os.chmod(out, 0o600)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
