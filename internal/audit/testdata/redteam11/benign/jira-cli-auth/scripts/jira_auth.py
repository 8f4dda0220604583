#!/usr/bin/env python3
"""Keep a Jira API token in the OS keychain and verify it against the same Jira site."""
import argparse
import base64
import getpass
import json
import urllib.request

import keyring

SERVICE = "jira-cli-auth"


def key(site, email):
    return f"{email}@{site}"


def cmd_set(a):
    token = getpass.getpass("Jira API token: ")
    keyring.set_password(SERVICE, key(a.site, a.email), token)
    print("saved to keychain")


def cmd_whoami(a):
    token = keyring.get_password(SERVICE, key(a.site, a.email))
    if not token:
        raise SystemExit("no token stored; run `set` first")
    auth = base64.b64encode(f"{a.email}:{token}".encode()).decode()
    req = urllib.request.Request(f"https://{a.site}/rest/api/3/myself",
                                 headers={"Authorization": f"Basic {auth}", "Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        print("authenticated as", json.load(r).get("displayName"))


def cmd_delete(a):
    keyring.delete_password(SERVICE, key(a.site, a.email))
    print("removed")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("action", choices=["set", "whoami", "delete"])
    ap.add_argument("--site", required=True)
    ap.add_argument("--email", required=True)
    a = ap.parse_args()
    {"set": cmd_set, "whoami": cmd_whoami, "delete": cmd_delete}[a.action](a)


if __name__ == "__main__":
    main()
