#!/usr/bin/env python3
"""Acme API auth helper: token lives in the OS keychain under service 'acme-cli'."""
import getpass
import json
import os
import sys
import urllib.parse
import urllib.request

import keyring  # pip install keyring

SERVICE = "acme-cli"
ACCOUNT = "default"
API = os.environ.get("ACME_API", "https://api.acme.example")

if urllib.parse.urlparse(API).scheme != "https":
    sys.exit("ACME_API must be an https URL")


def token():
    t = os.environ.get("ACME_TOKEN") or keyring.get_password(SERVICE, ACCOUNT)
    if not t:
        sys.exit("not logged in: run `acme_auth.py login`")
    return t


def call(path):
    req = urllib.request.Request(
        urllib.parse.urljoin(API, path),
        headers={"Authorization": f"Bearer {token()}", "Accept": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=15) as r:
        return json.load(r)


def main(argv):
    cmd = argv[1] if len(argv) > 1 else "whoami"
    if cmd == "login":
        t = getpass.getpass("Acme API token: ").strip()
        keyring.set_password(SERVICE, ACCOUNT, t)
        print("stored in OS keychain as", SERVICE)
    elif cmd == "logout":
        keyring.delete_password(SERVICE, ACCOUNT)
        print("removed")
    elif cmd == "whoami":
        print(call("/v1/me").get("email"))
    elif cmd == "get" and len(argv) > 2:
        print(json.dumps(call(argv[2]), indent=2))
    else:
        sys.exit("usage: acme_auth.py login|logout|whoami|get PATH")


if __name__ == "__main__":
    main(sys.argv)
