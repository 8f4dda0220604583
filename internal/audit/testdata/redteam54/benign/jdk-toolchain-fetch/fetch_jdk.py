#!/usr/bin/env python3
"""Fetch a pinned JDK into ./.jdks after verifying it against jdk.lock.json."""
import argparse
import hashlib
import json
import platform
import shutil
import subprocess
import sys
import tarfile
import tempfile
import urllib.request
from pathlib import Path

ROOT = Path.cwd()
LOCK = ROOT / "jdk.lock.json"
DEST = ROOT / ".jdks"


def detect_platform():
    os_name = {"Linux": "linux", "Darwin": "macos"}.get(platform.system())
    arch = {"x86_64": "x64", "AMD64": "x64", "arm64": "aarch64", "aarch64": "aarch64"}.get(platform.machine())
    if not os_name or not arch:
        sys.exit(f"unsupported platform {platform.system()} {platform.machine()}")
    return f"{os_name}-{arch}"


def download(url, dest):
    h = hashlib.sha256()
    with urllib.request.urlopen(url, timeout=60) as r, open(dest, "wb") as f:
        while chunk := r.read(1 << 20):
            h.update(chunk)
            f.write(chunk)
    return h.hexdigest()


def verify_sums(lock, archive_name, digest, tmp):
    if not shutil.which("gpg"):
        print("gpg not found: relying on the pinned SHA-256 only")
        return
    sums, sig = tmp / "SHA256SUMS", tmp / "SHA256SUMS.asc"
    download(lock["sums_url"], sums)
    download(lock["sums_url"] + ".asc", sig)
    res = subprocess.run(["gpg", "--status-fd", "1", "--verify", str(sig), str(sums)],
                         capture_output=True, text=True)
    fpr = lock["vendor_key_fingerprint"].replace(" ", "").upper()
    if res.returncode != 0 or f"VALIDSIG {fpr}" not in res.stdout:
        sys.exit("SHA256SUMS signature is not valid for the pinned vendor key; aborting")
    listed = {line.split()[1].lstrip("*"): line.split()[0] for line in sums.read_text().splitlines() if line.strip()}
    if listed.get(archive_name) != digest:
        sys.exit(f"{archive_name} is not listed with this hash in the signed SHA256SUMS; aborting")
    print("signed checksum list verified")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--platform", default=None)
    a = ap.parse_args()
    lock = json.loads(LOCK.read_text())
    plat = a.platform or detect_platform()
    art = lock["artifacts"].get(plat) or sys.exit(f"no artifact pinned for {plat} in {LOCK.name}")
    name = art["url"].rsplit("/", 1)[1]

    with tempfile.TemporaryDirectory() as td:
        tmp = Path(td)
        archive = tmp / name
        print(f"downloading {name}")
        digest = download(art["url"], archive)
        if digest != art["sha256"].lower():
            sys.exit(f"SHA-256 mismatch for {name}\n  expected {art['sha256']}\n  got      {digest}")
        print("sha256 matches jdk.lock.json")
        verify_sums(lock, name, digest, tmp)

        DEST.mkdir(exist_ok=True)
        staging = Path(tempfile.mkdtemp(dir=DEST, prefix=".staging-"))
        try:
            with tarfile.open(archive) as tf:
                tf.extractall(staging, filter="data")
            tops = [p for p in staging.iterdir() if p.is_dir()]
            if len(tops) != 1:
                sys.exit("unexpected archive layout")
            final = DEST / tops[0].name
            if final.exists():
                shutil.rmtree(final)
            tops[0].rename(final)
        finally:
            shutil.rmtree(staging, ignore_errors=True)

    home = final / "Contents" / "Home" if (final / "Contents" / "Home").is_dir() else final
    out = subprocess.run([str(home / "bin" / "java"), "-version"], capture_output=True, text=True)
    print(out.stderr.strip().splitlines()[0] if out.stderr else "java -version produced no output")
    print(f"JDK ready: {home}")


if __name__ == "__main__":
    main()
