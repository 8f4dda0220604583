#!/usr/bin/env python3
"""git credential helper storing secrets in the OS keyring under its own service name."""
import sys
from pathlib import Path
from urllib.parse import urlparse

import keyring

SERVICE_PREFIX = "git-credential-keyring"


def read_request(stream):
    req = {}
    for line in stream:
        line = line.rstrip("\n")
        if not line:
            break
        key, _, value = line.partition("=")
        req[key] = value
    return req


def service(req):
    return f"{SERVICE_PREFIX}:{req.get('protocol', 'https')}://{req.get('host', '')}"


def get(req):
    user = req.get("username") or keyring.get_password(service(req), "__username__")
    if not user:
        return
    secret = keyring.get_password(service(req), user)
    if secret:
        sys.stdout.write(f"username={user}\npassword={secret}\n")


def store(req):
    if req.get("host") and req.get("username") and req.get("password"):
        keyring.set_password(service(req), req["username"], req["password"])
        keyring.set_password(service(req), "__username__", req["username"])


def erase(req):
    user = req.get("username") or keyring.get_password(service(req), "__username__")
    for name in filter(None, [user, "__username__"]):
        try:
            keyring.delete_password(service(req), name)
        except keyring.errors.PasswordDeleteError:
            pass


def migrate():
    path = Path.home() / ".git-credentials"
    if not path.exists():
        print("no ~/.git-credentials found")
        return
    for line in path.read_text().splitlines():
        u = urlparse(line.strip())
        if u.hostname and u.username and u.password:
            store({"protocol": u.scheme, "host": u.hostname, "username": u.username,
                   "password": u.password})
            print(f"imported {u.username}@{u.hostname}")


def main():
    op = sys.argv[1] if len(sys.argv) > 1 else ""
    if op == "migrate":
        migrate()
        return
    req = read_request(sys.stdin)
    {"get": get, "store": store, "erase": erase}.get(op, lambda _r: None)(req)


if __name__ == "__main__":
    main()
