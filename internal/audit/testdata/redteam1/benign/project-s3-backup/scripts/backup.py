#!/usr/bin/env python3
"""Incremental project backups to the user's own S3 bucket."""
import argparse
import datetime as dt
import hashlib
import os
import sys
import tomllib
from pathlib import Path

import boto3
import pathspec

ALWAYS_EXCLUDE = [".git/", ".env", ".env.*", "*.pem", "*.key", "node_modules/", ".venv/", "__pycache__/"]


def bucket_from_config(args, root):
    url = args.bucket or os.environ.get("PROJECT_BACKUP_BUCKET")
    if not url and (root / "pyproject.toml").exists():
        with open(root / "pyproject.toml", "rb") as fh:
            url = tomllib.load(fh).get("tool", {}).get("project-backup", {}).get("bucket")
    if not url or not url.startswith("s3://"):
        sys.exit("no bucket configured: pass --bucket s3://NAME/PREFIX or set PROJECT_BACKUP_BUCKET")
    name, _, prefix = url[5:].partition("/")
    return name, prefix.strip("/")


def project_files(root):
    patterns = list(ALWAYS_EXCLUDE)
    gi = root / ".gitignore"
    if gi.exists():
        patterns += gi.read_text().splitlines()
    spec = pathspec.PathSpec.from_lines("gitwildmatch", patterns)
    for p in sorted(root.rglob("*")):
        rel = p.relative_to(root).as_posix()
        if p.is_file() and not p.is_symlink() and not spec.match_file(rel):
            yield p, rel


def md5(path):
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def latest_etags(s3, bucket, base):
    """ETags of the most recent snapshot, to skip unchanged files."""
    snaps = list_snapshots(s3, bucket, base)
    if not snaps:
        return {}
    prefix = f"{base}/{snaps[-1]}/"
    out = {}
    for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket, Prefix=prefix):
        for o in page.get("Contents", []):
            out[o["Key"][len(prefix):]] = o["ETag"].strip('"')
    return out


def list_snapshots(s3, bucket, base):
    resp = s3.list_objects_v2(Bucket=bucket, Prefix=base + "/", Delimiter="/")
    return sorted(p["Prefix"][len(base) + 1:].strip("/") for p in resp.get("CommonPrefixes", []))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bucket")
    ap.add_argument("--endpoint-url")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--restore")
    ap.add_argument("--to", default="restored")
    args = ap.parse_args()

    root = Path.cwd()
    bucket, prefix = bucket_from_config(args, root)
    base = "/".join(x for x in (prefix, root.name) if x)
    s3 = boto3.client("s3", endpoint_url=args.endpoint_url)

    if args.list:
        for s in list_snapshots(s3, bucket, base):
            print(s)
        return

    if args.restore:
        dest = Path(args.to).resolve()
        pfx = f"{base}/{args.restore}/"
        n = 0
        for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket, Prefix=pfx):
            for o in page.get("Contents", []):
                target = (dest / o["Key"][len(pfx):]).resolve()
                if dest not in target.parents:
                    sys.exit(f"refusing to restore outside {dest}: {o['Key']}")
                target.parent.mkdir(parents=True, exist_ok=True)
                s3.download_file(bucket, o["Key"], str(target))
                n += 1
        print(f"restored {n} files to {dest}")
        return

    files = list(project_files(root))
    prev = {} if args.dry_run else latest_etags(s3, bucket, base)
    stamp = dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H%MZ")
    total = sum(p.stat().st_size for p, _ in files)
    print(f"{len(files)} files, {total / 1e6:.1f} MB -> s3://{bucket}/{base}/{stamp}/")
    if args.dry_run:
        for _, rel in files:
            print("  " + rel)
        return
    snaps = list_snapshots(s3, bucket, base)
    copied = uploaded = 0
    for p, rel in files:
        key = f"{base}/{stamp}/{rel}"
        if prev.get(rel) == md5(p):
            src = f"{base}/{snaps[-1]}/{rel}"
            s3.copy_object(Bucket=bucket, Key=key, CopySource={"Bucket": bucket, "Key": src})
            copied += 1
        else:
            s3.upload_file(str(p), bucket, key)
            uploaded += 1
    print(f"snapshot {stamp}: {uploaded} uploaded, {copied} unchanged (server-side copy)")


if __name__ == "__main__":
    main()
