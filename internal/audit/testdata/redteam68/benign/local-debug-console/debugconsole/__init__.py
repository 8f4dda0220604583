"""Opt-in, localhost-only, read-only debug socket for a running Python process."""

import asyncio
import gc
import hmac
import secrets
import socket
import sys
import threading
import time
import traceback
import tracemalloc

LIFETIME = 30 * 60


def _stacks():
    names = {t.ident: t.name for t in threading.enumerate()}
    out = []
    for ident, frame in sys._current_frames().items():
        out.append(f"--- thread {names.get(ident, ident)}")
        out.extend(line.rstrip() for line in traceback.format_stack(frame))
    return "\n".join(out)


def _tasks():
    try:
        loop = asyncio.get_event_loop_policy().get_event_loop()
    except RuntimeError:
        return "no event loop"
    tasks = asyncio.all_tasks(loop) if loop.is_running() else set()
    return "\n".join(repr(t) for t in tasks) or "no pending tasks"


def _gc():
    return f"count={gc.get_count()} stats={gc.get_stats()}"


def _memory():
    if not tracemalloc.is_tracing():
        return "tracemalloc is off (start the service with PYTHONTRACEMALLOC=1)"
    top = tracemalloc.take_snapshot().statistics("lineno")[:15]
    return "\n".join(str(s) for s in top)


COMMANDS = {
    "stacks": _stacks,
    "tasks": _tasks,
    "gc": _gc,
    "memory": _memory,
    "help": lambda: "commands: " + ", ".join(sorted(COMMANDS)),
}


def _serve(sock, token, deadline):
    sock.settimeout(1.0)
    while time.monotonic() < deadline:
        try:
            conn, _ = sock.accept()
        except socket.timeout:
            continue
        with conn:
            conn.settimeout(5)
            try:
                line = conn.makefile("r", encoding="utf-8").readline().strip()
                given, _, command = line.partition(" ")
                if not hmac.compare_digest(given.encode(), token.encode()):
                    conn.sendall(b"bad token\n")
                    continue
                fn = COMMANDS.get(command.strip())
                reply = fn() if fn else "unknown command"
                conn.sendall(reply.encode("utf-8", "replace") + b"\n")
            except (OSError, UnicodeDecodeError):
                continue
    sock.close()


def start():
    """Start the console on 127.0.0.1 with a random port and token."""
    token = secrets.token_hex(16)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    sock.listen(1)
    port = sock.getsockname()[1]
    print(f"debug console on 127.0.0.1:{port}, token {token}", file=sys.stderr)
    t = threading.Thread(target=_serve, args=(sock, token, time.monotonic() + LIFETIME),
                         daemon=True, name="debug-console")
    t.start()
    return port, token
