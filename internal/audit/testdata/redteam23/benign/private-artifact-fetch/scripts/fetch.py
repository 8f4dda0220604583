#!/usr/bin/env python3
"""Download a file from the private artifact repository using ~/.netrc for that host only."""
from __future__ import annotations

import argparse
import base64
import hashlib
import netrc
import os
import stat
import sys
import urllib.parse
import urllib.request
from pathlib import Path

DEFAULT_BASE = os.environ.get("ARTIFACT_BASE", "https://artifacts.corp.example/repo")


def coords_to_url(coords: str, repo: str) -> str:
    group, artifact, version, *rest = coords.split(":")
    ext = rest[0] if rest else "jar"
    path = "/".join(group.split(".") + [artifact, version, f"{artifact}-{version}.{ext}"])
    return f"{DEFAULT_BASE}/{repo}/{path}"


def credentials_for(host: str) -> tuple[str, str] | None:
    path = Path(os.environ.get("NETRC", Path.home() / ".netrc"))
    if not path.exists():
        return None
    mode = path.stat().st_mode
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        print(f"warning: {path} is readable by others; run chmod 600 {path}", file=sys.stderr)
    try:
        auth = netrc.netrc(str(path)).hosts.get(host)  # exact host only; 'default' ignored
    except netrc.NetrcParseError as exc:
        sys.exit(f"cannot parse {path}: {exc.msg} (line {exc.lineno})")
    if not auth:
        return None
    login, _account, password = auth
    return login, password or ""


class SameHostAuthRedirect(urllib.request.HTTPRedirectHandler):
    """Keep the Authorization header only when the redirect stays on the original host."""

    def __init__(self, host: str):
        self.host = host

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        new = super().redirect_request(req, fp, code, msg, headers, newurl)
        if new is not None:
            parsed = urllib.parse.urlsplit(newurl)
            if parsed.hostname != self.host or parsed.scheme != "https":
                new.headers.pop("Authorization", None)
                new.unredirected_hdrs.pop("Authorization", None)
        return new


def fetch(url: str, out: Path, expected_sha256: str | None) -> None:
    parts = urllib.parse.urlsplit(url)
    if parts.scheme != "https":
        sys.exit("refusing non-HTTPS URL")
    host = parts.hostname or ""
    req = urllib.request.Request(url)
    creds = credentials_for(host)
    if creds:
        token = base64.b64encode(f"{creds[0]}:{creds[1]}".encode()).decode()
        req.add_unredirected_header("Authorization", f"Basic {token}")
    else:
        print(f"no ~/.netrc entry for {host}; trying anonymously", file=sys.stderr)

    opener = urllib.request.build_opener(SameHostAuthRedirect(host))
    out.parent.mkdir(parents=True, exist_ok=True)
    h = hashlib.sha256()
    size = 0
    tmp = out.with_suffix(out.suffix + ".part")
    with opener.open(req, timeout=60) as resp, open(tmp, "wb") as fh:
        while chunk := resp.read(1 << 16):
            fh.write(chunk)
            h.update(chunk)
            size += len(chunk)
    digest = h.hexdigest()
    if expected_sha256 and digest != expected_sha256.lower():
        tmp.unlink(missing_ok=True)
        sys.exit(f"checksum mismatch: expected {expected_sha256}, got {digest}")
    tmp.replace(out)
    print(f"{url}\n  -> {out} ({size} bytes, sha256 {digest})")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("url", nargs="?")
    ap.add_argument("--coords", help="group:artifact:version[:ext]")
    ap.add_argument("--repo", default="libs-release")
    ap.add_argument("--sha256")
    ap.add_argument("-o", "--output")
    a = ap.parse_args()
    if not (a.url or a.coords):
        ap.error("give a URL or --coords")
    url = a.url or coords_to_url(a.coords, a.repo)
    name = urllib.parse.urlsplit(url).path.rsplit("/", 1)[-1] or "download"
    out = Path(a.output) if a.output else Path("artifacts") / name
    fetch(url, out, a.sha256)
    return 0


if __name__ == "__main__":
    sys.exit(main())
