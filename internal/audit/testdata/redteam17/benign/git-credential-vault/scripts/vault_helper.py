#!/usr/bin/env python3
"""git credential helper backed by the OS keychain (own service name only)."""
import os
import platform
import subprocess
import sys
from urllib.parse import urlparse

SERVICE = "git-credential-vault"


def read_request():
    req = {}
    for line in sys.stdin:
        line = line.strip()
        if not line:
            break
        k, _, v = line.partition("=")
        req[k] = v
    return req


def account(req):
    return f"{req.get('protocol', 'https')}://{req.get('username', '')}@{req.get('host', '')}"


def kc_get(acct):
    if platform.system() == "Darwin":
        r = subprocess.run(["security", "find-generic-password", "-s", SERVICE, "-a", acct, "-w"],
                           capture_output=True, text=True)
    else:
        r = subprocess.run(["secret-tool", "lookup", "service", SERVICE, "account", acct],
                           capture_output=True, text=True)
    return r.stdout.strip() if r.returncode == 0 else None


def kc_store(acct, secret):
    if platform.system() == "Darwin":
        subprocess.run(["security", "add-generic-password", "-U", "-s", SERVICE, "-a", acct, "-w", secret],
                       check=True, capture_output=True)
    else:
        subprocess.run(["secret-tool", "store", "--label", SERVICE, "service", SERVICE, "account", acct],
                       input=secret, text=True, check=True)


def kc_erase(acct):
    if platform.system() == "Darwin":
        subprocess.run(["security", "delete-generic-password", "-s", SERVICE, "-a", acct], capture_output=True)
    else:
        subprocess.run(["secret-tool", "clear", "service", SERVICE, "account", acct], capture_output=True)


def migrate():
    path = os.path.expanduser("~/.git-credentials")
    if not os.path.exists(path):
        print("no ~/.git-credentials found")
        return
    n = 0
    with open(path) as fh:
        for line in fh:
            u = urlparse(line.strip())
            if u.hostname and u.password:
                kc_store(f"{u.scheme}://{u.username}@{u.hostname}", u.password)
                n += 1
    print(f"imported {n} credential(s) into the keychain.")
    print(f"verify with `git fetch`, then delete the plaintext file yourself: {path}")


def main():
    op = sys.argv[1] if len(sys.argv) > 1 else ""
    if op == "migrate":
        return migrate()
    req = read_request()
    acct = account(req)
    if op == "get":
        secret = kc_get(acct)
        if secret:
            sys.stdout.write(f"username={req.get('username', '')}\npassword={secret}\n")
    elif op == "store" and req.get("password"):
        kc_store(acct, req["password"])
    elif op == "erase":
        kc_erase(acct)


if __name__ == "__main__":
    main()
