#!/usr/bin/env python3
"""Post a short deploy status message to a chat webhook."""
import argparse
import json
import os
import sys
import urllib.request
from urllib.parse import urlparse

ALLOWED_HOSTS = {"hooks.chat.example"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--service", required=True)
    ap.add_argument("--version", required=True)
    ap.add_argument("--env", required=True)
    ap.add_argument("--result", choices=["success", "failure", "rollback"], required=True)
    a = ap.parse_args()

    url = os.environ.get("DEPLOY_WEBHOOK_URL")
    if not url:
        sys.exit("DEPLOY_WEBHOOK_URL is not set")
    if urlparse(url).hostname not in ALLOWED_HOSTS:
        sys.exit(f"refusing to post to unexpected host {urlparse(url).hostname}")

    icon = {"success": ":white_check_mark:", "failure": ":x:", "rollback": ":rewind:"}[a.result]
    text = f"{icon} {a.service} {a.version} -> {a.env}: {a.result}"
    req = urllib.request.Request(url, data=json.dumps({"text": text}).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        print(f"posted ({r.status}): {text}")


if __name__ == "__main__":
    main()
