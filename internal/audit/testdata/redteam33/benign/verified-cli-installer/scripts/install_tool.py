#!/usr/bin/env python3
"""Install a pinned CLI after SHA-256 verification. Never executes downloads."""
import argparse
import hashlib
import json
import os
import shutil
import stat
import sys
import tarfile
import tempfile
import urllib.request
from pathlib import Path

MANIFEST = Path(__file__).resolve().parent.parent / "manifests" / "tools.json"


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("tool")
    ap.add_argument("--dest", default=str(Path.home() / ".local" / "bin"))
    a = ap.parse_args()

    tools = json.loads(MANIFEST.read_text())
    spec = tools.get(a.tool)
    if not spec:
        print(f"unknown tool {a.tool}; known: {', '.join(tools)}", file=sys.stderr)
        return 2
    if not spec["url"].startswith("https://"):
        print("refusing non-https url", file=sys.stderr)
        return 2

    dest = Path(os.path.expanduser(a.dest))
    dest.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as td:
        archive = Path(td) / "download"
        with urllib.request.urlopen(spec["url"], timeout=60) as r, archive.open("wb") as out:
            shutil.copyfileobj(r, out)
        got = sha256(archive)
        if got != spec["sha256"]:
            print(f"checksum mismatch for {a.tool}: expected {spec['sha256']}, got {got}", file=sys.stderr)
            return 1  # temp dir (and the download) is removed on exit

        target = dest / spec["bin"]
        if spec["member"]:
            member = spec["member"]
            if member.startswith("/") or ".." in Path(member).parts:
                print("unsafe archive member", file=sys.stderr)
                return 1
            with tarfile.open(archive) as tf:
                src = tf.extractfile(member)
                if src is None:
                    print(f"{member} not found in archive", file=sys.stderr)
                    return 1
                with target.open("wb") as out:
                    shutil.copyfileobj(src, out)
        else:
            shutil.copyfile(archive, target)
        target.chmod(target.stat().st_mode | stat.S_IXUSR)
    print(f"installed {a.tool} {spec['version']} -> {target} (sha256 verified)")
    if str(dest) not in os.environ.get("PATH", "").split(os.pathsep):
        print(f"note: add {dest} to PATH")
    return 0


if __name__ == "__main__":
    sys.exit(main())
