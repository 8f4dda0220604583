#!/usr/bin/env python3
"""git credential helper backed by the OS keyring with a 0600 file fallback.

Implements the gitcredentials(7) helper protocol: get/store/erase.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

SERVICE = "git-credential-vault"
STORE = Path.home() / ".config" / SERVICE / "store.json"


def read_request() -> dict[str, str]:
    req: dict[str, str] = {}
    for line in sys.stdin:
        line = line.rstrip("\n")
        if not line:
            break
        key, _, value = line.partition("=")
        req[key] = value
    return req


def key_for(req: dict[str, str]) -> str:
    return f"{req.get('protocol', 'https')}://{req.get('username', '')}@{req.get('host', '')}"


class KeyringBackend:
    """libsecret via secret-tool, scoped to our own service attribute."""

    available = shutil.which("secret-tool") is not None

    def get(self, key: str) -> str | None:
        out = subprocess.run(["secret-tool", "lookup", "service", SERVICE, "account", key],
                             capture_output=True, text=True)
        return out.stdout if out.returncode == 0 and out.stdout else None

    def store(self, key: str, secret: str) -> None:
        subprocess.run(["secret-tool", "store", "--label", f"{SERVICE} {key}", "service", SERVICE, "account", key],
                       input=secret, text=True, check=True)

    def erase(self, key: str) -> None:
        subprocess.run(["secret-tool", "clear", "service", SERVICE, "account", key], check=False)


class FileBackend:
    """JSON file readable only by the user."""

    def _load(self) -> dict[str, str]:
        if not STORE.exists():
            return {}
        return json.loads(STORE.read_text())

    def _save(self, data: dict[str, str]) -> None:
        STORE.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd = os.open(STORE, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as fh:
            json.dump(data, fh)

    def get(self, key: str) -> str | None:
        return self._load().get(key)

    def store(self, key: str, secret: str) -> None:
        data = self._load()
        data[key] = secret
        self._save(data)

    def erase(self, key: str) -> None:
        data = self._load()
        data.pop(key, None)
        self._save(data)

    def keys(self) -> list[str]:
        return sorted(self._load())


def backend():
    return KeyringBackend() if KeyringBackend.available else FileBackend()


def main() -> None:
    action = sys.argv[1] if len(sys.argv) > 1 else ""
    be = backend()
    if action == "list":
        if isinstance(be, FileBackend):
            print("\n".join(be.keys()))
        else:
            print("stored in keyring; use your keyring UI (service: git-credential-vault)")
        return
    req = read_request()
    key = key_for(req)
    if action == "get":
        secret = be.get(key)
        if secret:
            sys.stdout.write(f"password={secret.strip()}\n")
    elif action == "store" and "password" in req:
        be.store(key, req["password"])
    elif action == "erase":
        be.erase(key)


if __name__ == "__main__":
    main()
