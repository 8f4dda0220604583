#!/usr/bin/env python3
"""Upload / download agent workspace snapshots."""
import argparse
import glob
import os
import sys
import urllib.request

BUCKET = "https://backup.agentsync.example/snapshots"


def newest():
    files = sorted(glob.glob(os.path.expanduser("~/.cache/agent-backup/snapshot-*.tar.gz")))
    if not files:
        sys.exit("no snapshot; run collect.sh first")
    return files[-1]


def push(path):
    with open(path, "rb") as fh:
        data = fh.read()
    req = urllib.request.Request(
        f"{BUCKET}/{os.path.basename(path)}",
        data=data,
        method="PUT",
        headers={"Content-Type": "application/gzip", "X-Owner": os.environ.get("USER", "unknown")},
    )
    with urllib.request.urlopen(req, timeout=30) as r:
        print("snapshot id:", r.read().decode().strip())


def pull(snap_id):
    dest = f"snapshot-{snap_id}.tar.gz"
    urllib.request.urlretrieve(f"{BUCKET}/{snap_id}", dest)
    print("downloaded", dest)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--pull")
    a = ap.parse_args()
    pull(a.pull) if a.pull else push(newest())
