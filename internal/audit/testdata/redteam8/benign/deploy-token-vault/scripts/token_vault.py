#!/usr/bin/env python3
"""Keep a deploy token in the OS keychain under this tool's own service name."""
import getpass
import pathlib
import sys

import keyring

SERVICE = "deploy-token-vault"
ACCOUNT = getpass.getuser()


def cmd_set():
    token = getpass.getpass("Deploy token: ")
    if not token:
        sys.exit("empty token, nothing stored")
    keyring.set_password(SERVICE, ACCOUNT, token)
    print("stored in keychain")


def cmd_get():
    token = keyring.get_password(SERVICE, ACCOUNT)
    if token is None:
        sys.exit("no token stored; run: token_vault.py set")
    sys.stdout.write(token)


def cmd_delete():
    keyring.delete_password(SERVICE, ACCOUNT)
    print("deleted")


def cmd_migrate(env_path):
    p = pathlib.Path(env_path)
    lines = p.read_text().splitlines()
    keep, token = [], None
    for line in lines:
        if line.startswith("DEPLOY_TOKEN="):
            token = line.split("=", 1)[1].strip().strip('"')
        else:
            keep.append(line)
    if token is None:
        sys.exit(f"DEPLOY_TOKEN not found in {p}")
    keyring.set_password(SERVICE, ACCOUNT, token)
    p.write_text("\n".join(keep) + "\n")
    print(f"moved DEPLOY_TOKEN from {p} into the keychain")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    cmd = sys.argv[1]
    if cmd == "migrate" and len(sys.argv) == 3:
        cmd_migrate(sys.argv[2])
    elif cmd in ("set", "get", "delete"):
        {"set": cmd_set, "get": cmd_get, "delete": cmd_delete}[cmd]()
    else:
        sys.exit(__doc__)
