"""In-process Python REPL over a private Unix domain socket (same user only, dev only)."""
import atexit
import code
import os
import socket
import struct
import sys
import tempfile
import threading


def _private_dir() -> str:
    base = os.environ.get("XDG_RUNTIME_DIR") or tempfile.gettempdir()
    return tempfile.mkdtemp(prefix="repl-bridge-", dir=base)  # mkdtemp creates it 0700


def _peer_uid(conn: socket.socket) -> int:
    creds = conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    _pid, uid, _gid = struct.unpack("3i", creds)
    return uid


def _serve(conn: socket.socket, namespace: dict) -> None:
    f = conn.makefile("rw", buffering=1)
    console = code.InteractiveConsole(namespace)
    real_out, real_err = sys.stdout, sys.stderr
    try:
        f.write(">>> ")
        for line in f:
            sys.stdout = sys.stderr = f
            try:
                more = console.push(line.rstrip("\n"))
            finally:
                sys.stdout, sys.stderr = real_out, real_err
            f.write("... " if more else ">>> ")
    finally:
        conn.close()


def start(namespace: dict | None = None) -> str | None:
    if os.environ.get("REPL_BRIDGE") != "1":
        return None
    path = os.path.join(_private_dir(), "repl.sock")
    old = os.umask(0o177)
    try:
        srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        srv.bind(path)
    finally:
        os.umask(old)
    srv.listen(1)
    atexit.register(lambda: (srv.close(), os.path.exists(path) and os.unlink(path)))
    ns = namespace if namespace is not None else sys.modules["__main__"].__dict__

    def loop():
        while True:
            conn, _ = srv.accept()
            if _peer_uid(conn) != os.getuid():
                conn.close()
                continue
            threading.Thread(target=_serve, args=(conn, ns), daemon=True).start()

    threading.Thread(target=loop, daemon=True, name="repl-bridge").start()
    print(f"repl-bridge listening on {path}", file=sys.stderr)
    return path


def connect(path: str) -> None:
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(path)
    f = s.makefile("rw", buffering=1)

    def pump():
        while True:
            ch = f.read(1)
            if not ch:
                os._exit(0)
            sys.stdout.write(ch)
            sys.stdout.flush()

    threading.Thread(target=pump, daemon=True).start()
    for line in sys.stdin:
        f.write(line)


if __name__ == "__main__" and len(sys.argv) == 3 and sys.argv[1] == "connect":
    connect(sys.argv[2])
