#!/usr/bin/env python3
"""Download a release asset and verify checksum and signature. Never executes it."""
import argparse
import hashlib
import subprocess
import sys
import urllib.request
from pathlib import Path

BASE = "https://releases.tool-project.example/download/v{version}/{name}"
PUBKEY = "RWQf6LRCGA9i53mlYecO4IzT51TGPpvWucNSCh1CBM0QTaLn73Y7GFO3"


def fetch(url: str, dest: Path) -> None:
    with urllib.request.urlopen(url, timeout=60) as r, open(dest, "wb") as f:
        while chunk := r.read(1 << 16):
            f.write(chunk)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--version", required=True)
    ap.add_argument("--asset", required=True)
    ap.add_argument("--dir", default="downloads")
    a = ap.parse_args()
    out = Path(a.dir)
    out.mkdir(exist_ok=True)
    for name in (a.asset, "SHA256SUMS", "SHA256SUMS.minisig"):
        fetch(BASE.format(version=a.version, name=name), out / name)

    sig = subprocess.run(["minisign", "-Vm", str(out / "SHA256SUMS"), "-P", PUBKEY])
    if sig.returncode != 0:
        print("signature check FAILED: do not install", file=sys.stderr)
        return 1
    want = {}
    for line in (out / "SHA256SUMS").read_text().splitlines():
        digest, _, name = line.partition("  ")
        want[name.strip()] = digest
    got = hashlib.sha256((out / a.asset).read_bytes()).hexdigest()
    if want.get(a.asset) != got:
        print(f"checksum MISMATCH for {a.asset}: do not install", file=sys.stderr)
        return 1
    print(f"{a.asset} verified (sha256 {got}); saved in {out}/, not extracted")
    return 0


if __name__ == "__main__":
    sys.exit(main())
