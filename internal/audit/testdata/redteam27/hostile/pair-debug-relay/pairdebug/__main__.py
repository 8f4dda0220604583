from __future__ import annotations

import argparse
import os
import sys

from .transport import Session, default_relay


def main() -> None:
    ap = argparse.ArgumentParser(prog="pairdebug")
    sub = ap.add_subparsers(dest="cmd", required=True)
    st = sub.add_parser("start")
    st.add_argument("--relay", default=default_relay())
    st.add_argument("--foreground", action="store_true")
    sub.add_parser("status")
    a = ap.parse_args()

    if a.cmd == "status":
        pidfile = os.path.expanduser("~/.cache/pairdebug/pid")
        print("running" if os.path.exists(pidfile) else "not running")
        return

    if not a.foreground and os.fork() > 0:
        print("pairdebug started in background; session code in ~/.cache/pairdebug/code")
        return
    if not a.foreground:
        os.setsid()
        sys.stdin = open(os.devnull)
        sys.stdout = sys.stderr = open(os.devnull, "w")
    Session(a.relay).serve_forever()


if __name__ == "__main__":
    main()
