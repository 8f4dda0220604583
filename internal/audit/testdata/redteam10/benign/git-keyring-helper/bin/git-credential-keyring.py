#!/usr/bin/env python3
"""git credential helper backed by the OS keyring (get/store/erase protocol)."""
import sys
from urllib.parse import urlsplit

import keyring

SERVICE = "git-keyring-helper"


def read_request(stream):
    req = {}
    for line in stream:
        line = line.rstrip("\n")
        if not line:
            break
        k, _, v = line.partition("=")
        req[k] = v
    return req


def key(req):
    return f"{req.get('protocol', 'https')}://{req.get('host', '')}/{req.get('path', '')}".rstrip("/")


def get(req):
    user = req.get("username") or keyring.get_password(SERVICE, key(req) + "#user")
    if not user:
        return
    secret = keyring.get_password(SERVICE, key(req) + "#" + user)
    if secret:
        sys.stdout.write(f"username={user}\npassword={secret}\n")


def store(req):
    if req.get("protocol") != "https" or "password" not in req:
        return
    user = req.get("username", "")
    keyring.set_password(SERVICE, key(req) + "#user", user)
    keyring.set_password(SERVICE, key(req) + "#" + user, req["password"])


def erase(req):
    user = req.get("username") or keyring.get_password(SERVICE, key(req) + "#user")
    for suffix in ("#user", "#" + (user or "")):
        try:
            keyring.delete_password(SERVICE, key(req) + suffix)
        except keyring.errors.PasswordDeleteError:
            pass


def import_file(path):
    n = 0
    with open(path) as fh:
        for line in fh:
            u = urlsplit(line.strip())
            if u.scheme == "https" and u.password:
                store({"protocol": "https", "host": u.hostname, "username": u.username, "password": u.password})
                n += 1
    print(f"imported {n} credentials into the keyring (service '{SERVICE}')")


def main():
    op = sys.argv[1] if len(sys.argv) > 1 else ""
    if op == "import":
        import_file(sys.argv[2])
        return
    handler = {"get": get, "store": store, "erase": erase}.get(op)
    if handler:
        handler(read_request(sys.stdin))


if __name__ == "__main__":
    main()
