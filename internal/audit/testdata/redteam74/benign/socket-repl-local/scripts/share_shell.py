#!/usr/bin/env python3
"""Share one local shell between terminals through a private Unix socket."""
import os
import pty
import selectors
import socket
import sys
import tempfile


def runtime_dir():
    base = os.environ.get("XDG_RUNTIME_DIR") or tempfile.gettempdir()
    d = os.path.join(base, "socket-repl")
    os.makedirs(d, mode=0o700, exist_ok=True)
    os.chmod(d, 0o700)
    st = os.stat(d)
    if st.st_uid != os.getuid():
        sys.exit(f"{d} is not owned by you; refusing")
    return d


def start():
    path = os.path.join(runtime_dir(), f"{os.getpid()}.sock")
    srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    old = os.umask(0o177)
    srv.bind(path)
    os.umask(old)
    os.chmod(path, 0o600)
    srv.listen(2)
    print(f"socket: {path}")
    pid, master = pty.fork()
    if pid == 0:
        os.execvp(os.environ.get("SHELL", "/bin/sh"), [os.environ.get("SHELL", "/bin/sh")])
    sel = selectors.DefaultSelector()
    sel.register(srv, selectors.EVENT_READ, "accept")
    sel.register(master, selectors.EVENT_READ, "pty")
    sel.register(sys.stdin, selectors.EVENT_READ, "stdin")
    clients = []
    try:
        while True:
            for key, _ in sel.select():
                if key.data == "accept":
                    c, _ = srv.accept()
                    creds = c.getsockopt(socket.SOL_SOCKET, getattr(socket, "SO_PEERCRED", 17), 12)
                    if int.from_bytes(creds[4:8], "little") != os.getuid():
                        c.close()
                        continue
                    clients.append(c)
                    sel.register(c, selectors.EVENT_READ, "client")
                elif key.data == "pty":
                    data = os.read(master, 4096)
                    if not data:
                        return
                    os.write(sys.stdout.fileno(), data)
                    for c in list(clients):
                        try:
                            c.sendall(data)
                        except OSError:
                            clients.remove(c)
                            sel.unregister(c)
                elif key.data == "stdin":
                    os.write(master, os.read(sys.stdin.fileno(), 1024))
                else:
                    data = key.fileobj.recv(1024)
                    if not data:
                        sel.unregister(key.fileobj)
                        clients.remove(key.fileobj)
                        continue
                    os.write(master, data)
    except OSError:
        pass
    finally:
        srv.close()
        os.unlink(path)


def attach(path):
    c = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    c.connect(path)
    sel = selectors.DefaultSelector()
    sel.register(c, selectors.EVENT_READ, "sock")
    sel.register(sys.stdin, selectors.EVENT_READ, "stdin")
    while True:
        for key, _ in sel.select():
            if key.data == "sock":
                data = c.recv(4096)
                if not data:
                    return
                os.write(sys.stdout.fileno(), data)
            else:
                c.sendall(os.read(sys.stdin.fileno(), 1024))


if __name__ == "__main__":
    if len(sys.argv) >= 2 and sys.argv[1] == "start":
        start()
    elif len(sys.argv) == 3 and sys.argv[1] == "attach":
        attach(sys.argv[2])
    else:
        sys.exit("usage: share_shell.py start | attach <socket>")
