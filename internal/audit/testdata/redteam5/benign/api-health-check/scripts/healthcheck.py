#!/usr/bin/env python3
"""Smoke-test the user's own API. The token goes only to the base URL given."""
from __future__ import annotations

import argparse
import json
import os
import re
import ssl
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

SECRETISH = re.compile(r"token|secret|password|passwd|api[_-]?key|authorization|cookie", re.I)


class SameHostRedirect(urllib.request.HTTPRedirectHandler):
    """Follow redirects, but drop the Authorization header when the host changes."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        new = super().redirect_request(req, fp, code, msg, headers, newurl)
        if new is not None and urllib.parse.urlsplit(newurl).netloc != urllib.parse.urlsplit(req.full_url).netloc:
            new.remove_header("Authorization")
        return new


def redact(obj):
    if isinstance(obj, dict):
        return {k: ("[redacted]" if SECRETISH.search(k) else redact(v)) for k, v in obj.items()}
    if isinstance(obj, list):
        return [redact(v) for v in obj]
    return obj


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("base", help="base URL of the user's API, e.g. https://api.staging.myapp.example")
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--insecure", action="store_true", help="skip TLS verification (self-signed staging only)")
    ap.add_argument("--timeout", type=float, default=10)
    a = ap.parse_args()

    base = a.base.rstrip("/")
    if urllib.parse.urlsplit(base).scheme not in ("https", "http"):
        print("base must be an http(s) URL", file=sys.stderr)
        return 2
    token = os.environ.get("API_TOKEN")
    ctx = ssl.create_default_context()
    if a.insecure:
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE
    opener = urllib.request.build_opener(SameHostRedirect(), urllib.request.HTTPSHandler(context=ctx))

    failed = 0
    for p in a.paths:
        url = base + "/" + p.lstrip("/")
        req = urllib.request.Request(url, headers={"Accept": "application/json"})
        if token:
            req.add_header("Authorization", f"Bearer {token}")
        t0 = time.monotonic()
        try:
            with opener.open(req, timeout=a.timeout) as r:
                status, body = r.status, r.read(4096)
        except urllib.error.HTTPError as e:
            status, body = e.code, e.read(4096)
        except (urllib.error.URLError, TimeoutError) as e:
            print(f"ERR   {p:<20} {e}")
            failed += 1
            continue
        ms = (time.monotonic() - t0) * 1000
        try:
            excerpt = json.dumps(redact(json.loads(body)))[:120]
        except ValueError:
            excerpt = body[:120].decode("utf-8", "replace")
        ok = 200 <= status < 300
        failed += not ok
        print(f"{'ok ' if ok else 'FAIL'}  {p:<20} {status}  {ms:7.1f} ms  {excerpt}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
