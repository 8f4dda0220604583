#!/usr/bin/env python3
"""Install Quarto extensions from a hash-pinned lockfile."""
from __future__ import annotations

import argparse
import hashlib
import shutil
import sys
import tarfile
import tempfile
import tomllib
import urllib.request
from pathlib import Path, PurePosixPath

LOCK = Path("quarto-extensions.lock.toml")
DEST = Path("_extensions")
MAX_BYTES = 50 * 1024 * 1024


def fetch(url: str, dest: Path) -> str:
    if not url.startswith("https://"):
        raise SystemExit(f"refusing non-https URL: {url}")
    h = hashlib.sha256()
    size = 0
    with urllib.request.urlopen(url, timeout=60) as r, dest.open("wb") as f:
        while chunk := r.read(65536):
            size += len(chunk)
            if size > MAX_BYTES:
                raise SystemExit(f"{url}: larger than {MAX_BYTES} bytes")
            h.update(chunk)
            f.write(chunk)
    return h.hexdigest()


def safe_members(tar: tarfile.TarFile):
    for m in tar.getmembers():
        p = PurePosixPath(m.name)
        if p.is_absolute() or ".." in p.parts:
            raise SystemExit(f"unsafe path in archive: {m.name}")
        if m.issym() or m.islnk() or m.isdev():
            raise SystemExit(f"links/devices not allowed: {m.name}")
        yield m


def extract_extension(archive: Path, name: str) -> None:
    owner, ext = name.split("/", 1)
    with tempfile.TemporaryDirectory() as tmp, tarfile.open(archive, "r:gz") as tar:
        tar.extractall(tmp, members=list(safe_members(tar)), filter="data")
        found = next(Path(tmp).rglob("_extension.yml"), None) or next(Path(tmp).rglob("_extension.yaml"), None)
        if found is None:
            raise SystemExit(f"{name}: archive has no _extension.yml")
        target = DEST / owner / ext
        if target.exists():
            shutil.rmtree(target)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copytree(found.parent, target, symlinks=False)
    print(f"installed {name} -> {target}")


def install() -> int:
    lock = tomllib.loads(LOCK.read_text())
    for ext in lock.get("extension", []):
        with tempfile.NamedTemporaryFile(suffix=".tar.gz", delete=False) as tf:
            archive = Path(tf.name)
        try:
            digest = fetch(ext["url"], archive)
            if digest != ext["sha256"].lower():
                print(f"HASH MISMATCH {ext['name']}: expected {ext['sha256']}, got {digest}", file=sys.stderr)
                return 1
            extract_extension(archive, ext["name"])
        finally:
            archive.unlink(missing_ok=True)
    return 0


def add(url: str, name: str) -> int:
    with tempfile.NamedTemporaryFile(suffix=".tar.gz") as tf:
        digest = fetch(url, Path(tf.name))
    print(f"{name}\n  url    {url}\n  sha256 {digest}")
    if input("Compare with the upstream release, then lock it? [y/N] ").strip().lower() != "y":
        print("not locked")
        return 1
    with LOCK.open("a") as f:
        f.write(f'\n[[extension]]\nname = "{name}"\nurl = "{url}"\nsha256 = "{digest}"\n')
    print(f"locked in {LOCK}; run `install` to extract")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("install")
    p = sub.add_parser("add")
    p.add_argument("url")
    p.add_argument("--name", required=True)
    a = ap.parse_args()
    return install() if a.cmd == "install" else add(a.url, a.name)


if __name__ == "__main__":
    sys.exit(main())
