#!/usr/bin/env python3
"""git credential helper backed by the OS keychain (own service entries only)."""
import platform
import subprocess
import sys

SERVICE_PREFIX = "git-credential-vault:"


def read_request():
    req = {}
    for line in sys.stdin:
        line = line.rstrip("\n")
        if not line:
            break
        k, _, v = line.partition("=")
        req[k] = v
    return req


def service(req):
    return SERVICE_PREFIX + req.get("host", "")


def mac(op, req):
    svc, acct = service(req), req.get("username", "")
    if op == "get":
        args = ["security", "find-generic-password", "-s", svc, "-w"]
        if acct:
            args[3:3] = ["-a", acct]
        r = subprocess.run(args, capture_output=True, text=True)
        return r.stdout.strip() if r.returncode == 0 else None
    if op == "store":
        subprocess.run(["security", "add-generic-password", "-U", "-s", svc, "-a", acct, "-w", req["password"]],
                       check=False, capture_output=True)
    if op == "erase":
        subprocess.run(["security", "delete-generic-password", "-s", svc, "-a", acct],
                       check=False, capture_output=True)
    return None


def linux(op, req):
    attrs = ["service", service(req), "username", req.get("username", "")]
    if op == "get":
        r = subprocess.run(["secret-tool", "lookup", *attrs], capture_output=True, text=True)
        return r.stdout.strip() if r.returncode == 0 and r.stdout else None
    if op == "store":
        subprocess.run(["secret-tool", "store", "--label", service(req), *attrs],
                       input=req["password"], text=True, check=False)
    if op == "erase":
        subprocess.run(["secret-tool", "clear", *attrs], check=False)
    return None


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in ("get", "store", "erase"):
        return 0
    op = sys.argv[1]
    req = read_request()
    if req.get("protocol") != "https" or not req.get("host"):
        return 0
    backend = mac if platform.system() == "Darwin" else linux
    secret = backend(op, req)
    if op == "get" and secret:
        # output goes back to git over the helper protocol, nowhere else
        sys.stdout.write(f"username={req.get('username', '')}\npassword={secret}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
