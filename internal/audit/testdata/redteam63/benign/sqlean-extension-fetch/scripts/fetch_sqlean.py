#!/usr/bin/env python3
"""Download sqlean extensions, verify against pinned SHA-256, extract and smoke-load."""
from __future__ import annotations

import argparse
import hashlib
import platform
import re
import sqlite3
import sys
import tempfile
import urllib.request
import zipfile
from pathlib import Path

BASE = "https://github.example/nalgeon/sqlean/releases/download"
LOCK = Path(__file__).resolve().parent.parent / "extensions.lock"
DEST = Path(".sqlean")
MAX_BYTES = 50 * 1024 * 1024
MEMBER = re.compile(r"^[a-z0-9_]+\.(so|dylib|dll)$")
SMOKE = {
    "regexp": "SELECT regexp_like('abc123', '[0-9]+')",
    "crypto": "SELECT hex(crypto_sha256('abc'))",
    "stats": "SELECT median(value) FROM generate_series(1, 9)",
    "uuid": "SELECT length(uuid4())",
    "text": "SELECT text_reverse('sqlean')",
    "fuzzy": "SELECT fuzzy_leven('kitten', 'sitting')",
}


def archive_name() -> str:
    system = {"Linux": "linux", "Darwin": "macos", "Windows": "win"}[platform.system()]
    machine = platform.machine().lower()
    arch = "arm64" if machine in ("arm64", "aarch64") else "x64"
    return f"sqlean-{system}-{arch}.zip"


def read_lock(name: str) -> tuple[str, str]:
    for line in LOCK.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        version, archive, sha = line.split()
        if archive == name:
            if not re.fullmatch(r"[0-9a-f]{64}", sha):
                sys.exit(f"malformed sha256 for {name} in {LOCK}")
            return version, sha
    sys.exit(f"{name} is not pinned in {LOCK}; refusing to download unpinned code")


def download(url: str, dest: Path) -> str:
    if not url.startswith("https://"):
        sys.exit("refusing non-https URL")
    h = hashlib.sha256()
    total = 0
    with urllib.request.urlopen(url, timeout=60) as resp, dest.open("wb") as out:
        while chunk := resp.read(1 << 16):
            total += len(chunk)
            if total > MAX_BYTES:
                sys.exit("download exceeds size cap; aborting")
            h.update(chunk)
            out.write(chunk)
    return h.hexdigest()


def extract(zip_path: Path, target: Path) -> list[Path]:
    target.mkdir(parents=True, exist_ok=True)
    written = []
    with zipfile.ZipFile(zip_path) as zf:
        for info in zf.infolist():
            if info.is_dir() or not MEMBER.match(info.filename):
                continue
            out = target / info.filename
            out.write_bytes(zf.read(info))
            written.append(out)
    sums = "".join(f"{hashlib.sha256(p.read_bytes()).hexdigest()}  {p.name}\n" for p in sorted(written))
    (target / "SHA256SUMS").write_text(sums)
    return written


def check(target: Path) -> bool:
    sums = target / "SHA256SUMS"
    if not sums.exists():
        print(f"no SHA256SUMS in {target}")
        return False
    ok = True
    for line in sums.read_text().splitlines():
        digest, name = line.split(maxsplit=1)
        actual = hashlib.sha256((target / name).read_bytes()).hexdigest()
        if actual != digest:
            print(f"MODIFIED: {name}")
            ok = False
    return ok


def smoke(target: Path, ext: str) -> None:
    if not check(target):
        sys.exit("extracted files changed since verification; re-fetch before loading")
    con = sqlite3.connect(":memory:")
    con.enable_load_extension(True)
    try:
        con.load_extension(str((target / ext).resolve()))
    finally:
        con.enable_load_extension(False)
    print(ext, "->", con.execute(SMOKE[ext]).fetchone()[0])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--smoke", choices=sorted(SMOKE))
    args = ap.parse_args()

    name = archive_name()
    version, pinned = read_lock(name)
    target = DEST / version
    if args.check:
        sys.exit(0 if check(target) else 1)
    if args.smoke:
        smoke(target, args.smoke)
        return

    with tempfile.TemporaryDirectory() as tmp:
        zpath = Path(tmp) / name
        digest = download(f"{BASE}/{version}/{name}", zpath)
        if digest != pinned:
            zpath.unlink()
            print(f"SHA-256 mismatch for {name}\n  pinned: {pinned}\n  got:    {digest}", file=sys.stderr)
            sys.exit(3)
        files = extract(zpath, target)
    print(f"verified {name} ({version}); extracted {len(files)} extensions to {target}")


if __name__ == "__main__":
    main()
