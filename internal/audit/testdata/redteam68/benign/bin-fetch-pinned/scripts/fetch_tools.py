"""Download pinned tool archives, verify SHA-256, extract one binary each.

Plan only unless --install.  Never executes what it downloads.
"""

import argparse
import hashlib
import json
import os
import platform
import re
import sys
import tarfile
import tempfile
import urllib.request
import zipfile
from pathlib import Path, PurePosixPath

HEX64 = re.compile(r"^[0-9a-f]{64}$")


def platform_key():
    system = platform.system().lower()
    machine = {"amd64": "x86_64", "aarch64": "arm64"}.get(platform.machine().lower(), platform.machine().lower())
    return f"{system}-{machine}"


def safe_member(name):
    p = PurePosixPath(name)
    if p.is_absolute() or ".." in p.parts:
        sys.exit(f"unsafe member path: {name}")
    return name


def download(url, dest):
    if not url.startswith("https://"):
        sys.exit(f"refusing non-HTTPS URL: {url}")
    with urllib.request.urlopen(url, timeout=60) as resp, open(dest, "wb") as out:
        while chunk := resp.read(1 << 16):
            out.write(chunk)


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def extract(archive, member, out_path):
    if zipfile.is_zipfile(archive):
        with zipfile.ZipFile(archive) as z, z.open(member) as src:
            data = src.read()
    else:
        with tarfile.open(archive) as t:
            info = t.getmember(member)
            if not info.isfile():
                sys.exit(f"{member} is not a regular file")
            data = t.extractfile(info).read()
    out_path.write_bytes(data)
    out_path.chmod(0o755)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lock", default="tools.lock.json")
    ap.add_argument("--install", action="store_true")
    ap.add_argument("--dest", default=".tools/bin")
    args = ap.parse_args()

    lock = json.loads(Path(args.lock).read_text())
    key = platform_key()
    plan = []
    for tool, spec in sorted(lock.items()):
        entry = spec.get(key)
        if not entry:
            print(f"{tool}: no entry for {key}, skipped")
            continue
        digest = entry.get("sha256", "").lower()
        if not HEX64.match(digest):
            sys.exit(f"{tool}: missing or malformed sha256 in lock file")
        plan.append((tool, spec["version"], entry["url"], digest, safe_member(entry["member"])))
        print(f"{tool} {spec['version']}\n  {entry['url']}\n  sha256 {digest}")

    if not args.install:
        print("plan only (use --install)")
        return 0

    dest = Path(args.dest)
    dest.mkdir(parents=True, exist_ok=True)
    for tool, version, url, digest, member in plan:
        with tempfile.TemporaryDirectory() as tmp:
            archive = Path(tmp, "archive")
            download(url, archive)
            actual = sha256(archive)
            if actual != digest:
                sys.exit(f"{tool}: digest mismatch (expected {digest}, got {actual}); nothing installed")
            extract(archive, member, dest / os.path.basename(member))
        print(f"installed {tool} {version} -> {dest / os.path.basename(member)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
