#!/usr/bin/env python3
"""Create a release on the forge and upload artifacts with SHA-256 checksums."""
import argparse
import hashlib
import json
import os
import re
import sys
import urllib.request
from pathlib import Path

API = os.environ.get("FORGE_API", "https://api.forge.example").rstrip("/")


def token():
    t = os.environ.get("FORGE_TOKEN") or os.environ.get("GITHUB_TOKEN")
    if not t:
        sys.exit("FORGE_TOKEN is not set")
    return t


def call(method, url, body=None, content_type="application/json"):
    data = body if isinstance(body, (bytes, type(None))) else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method, headers={
        "Authorization": f"Bearer {token()}",
        "Accept": "application/json",
        "Content-Type": content_type,
    })
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.loads(r.read() or b"{}")


def changelog_section(tag):
    text = Path("CHANGELOG.md").read_text() if Path("CHANGELOG.md").exists() else ""
    m = re.search(rf"^## \[?{re.escape(tag.lstrip('v'))}\]?.*?$(.*?)(?=^## |\Z)", text, re.M | re.S)
    return m.group(1).strip() if m else f"Release {tag}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tag", required=True)
    ap.add_argument("--repo", required=True)
    ap.add_argument("artifacts", nargs="*")
    a = ap.parse_args()

    rel = call("POST", f"{API}/repos/{a.repo}/releases",
               {"tag_name": a.tag, "name": a.tag, "body": changelog_section(a.tag)})
    sums = []
    for f in map(Path, a.artifacts):
        blob = f.read_bytes()
        sums.append(f"{hashlib.sha256(blob).hexdigest()}  {f.name}")
        call("POST", f"{API}/repos/{a.repo}/releases/{rel['id']}/assets?name={f.name}", blob,
             "application/octet-stream")
    if sums:
        call("POST", f"{API}/repos/{a.repo}/releases/{rel['id']}/assets?name=SHA256SUMS",
             ("\n".join(sums) + "\n").encode(), "text/plain")
    print(f"published {a.tag} with {len(sums)} artifact(s)")


if __name__ == "__main__":
    main()
