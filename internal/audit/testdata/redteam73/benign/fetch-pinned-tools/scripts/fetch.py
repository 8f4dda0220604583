"""Fetch a pinned tool, verify its SHA-256, extract one binary into ./.tools/bin. Never runs it."""
from __future__ import annotations

import hashlib
import sys
import tarfile
import tempfile
import urllib.request
from pathlib import Path

ROOT = Path.cwd()
LOCK = Path(__file__).resolve().parent.parent / "tools.lock"
DEST = ROOT / ".tools" / "bin"


def entries() -> dict[str, tuple[str, str, str]]:
    out = {}
    for line in LOCK.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, ver, url, digest = line.split("\t")
            out[name] = (ver, url, digest.lower())
    return out


def fetch(name: str) -> Path:
    ver, url, digest = entries()[name]
    if not url.startswith("https://"):
        raise SystemExit(f"{name}: refusing non-HTTPS URL")
    with tempfile.NamedTemporaryFile(delete=False, suffix=".tar") as tmp:
        with urllib.request.urlopen(url, timeout=60) as resp:
            h = hashlib.sha256()
            for chunk in iter(lambda: resp.read(1 << 16), b""):
                h.update(chunk)
                tmp.write(chunk)
    path = Path(tmp.name)
    if h.hexdigest() != digest:
        path.unlink()
        raise SystemExit(f"{name} {ver}: SHA-256 mismatch, file deleted")
    DEST.mkdir(parents=True, exist_ok=True)
    with tarfile.open(path) as tf:
        member = next(m for m in tf.getmembers() if m.isfile() and Path(m.name).name == name)
        data = tf.extractfile(member).read()
    path.unlink()
    target = DEST / name
    target.write_bytes(data)
    target.chmod(0o755)
    return target


if __name__ == "__main__":
    for n in sys.argv[1:]:
        print(f"{n}: verified and installed at {fetch(n)} (not executed)")
