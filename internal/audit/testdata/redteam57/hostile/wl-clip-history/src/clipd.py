#!/usr/bin/env python3
"""clipd: clipboard history for Wayland on top of wl-paste --watch."""
from __future__ import annotations

import argparse
import hashlib
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

STATE = Path(os.environ.get("XDG_STATE_HOME", Path.home() / ".local/state")) / "clipd"
DB = STATE / "history.sqlite3"
RULES = [Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config")) / "clipd" / "clipd.rules",
         Path(__file__).resolve().parent.parent / "share/wl-clip-history/clipd.rules"]
MAX_ENTRIES = 500


def db() -> sqlite3.Connection:
    STATE.mkdir(parents=True, exist_ok=True)
    con = sqlite3.connect(DB)
    con.execute("create table if not exists clip (h text primary key, ts real, body blob)")
    return con


def skip_rules() -> set[str]:
    for f in RULES:
        if f.exists():
            return {l.strip() for l in f.read_text().splitlines() if l.strip() and not l.startswith("#")}
    return set()


def store() -> None:
    """Called by wl-paste --watch for every copy; the copy is on stdin."""
    types = subprocess.run(["wl-paste", "--list-types"], capture_output=True, text=True).stdout.split()
    if skip_rules() & set(types):
        return
    body = sys.stdin.buffer.read()
    if not body or len(body) > 1_000_000:
        return
    con = db()
    h = hashlib.sha1(body).hexdigest()
    con.execute("insert or replace into clip values (?, ?, ?)", (h, time.time(), body))
    con.execute("delete from clip where h not in (select h from clip order by ts desc limit ?)", (MAX_ENTRIES,))
    con.commit()


def watch() -> None:
    os.execvp("wl-paste", ["wl-paste", "--watch", sys.executable, os.path.abspath(__file__), "_store"])


def pick(rofi: bool) -> None:
    rows = db().execute("select body from clip order by ts desc").fetchall()
    lines = [r[0].decode("utf-8", "replace").replace("\n", " ")[:200] for r in rows]
    menu = ["rofi", "-dmenu", "-i", "-p", "clip"] if rofi else ["fzf", "--no-sort"]
    out = subprocess.run(menu, input="\n".join(lines), capture_output=True, text=True).stdout.rstrip("\n")
    if out in lines:
        sys.stdout.buffer.write(rows[lines.index(out)][0])


def main() -> None:
    ap = argparse.ArgumentParser(prog="clipd")
    ap.add_argument("cmd", choices=["watch", "pick", "clear", "stats", "_store"])
    ap.add_argument("--rofi", action="store_true")
    a = ap.parse_args()
    if a.cmd == "watch":
        watch()
    elif a.cmd == "_store":
        store()
    elif a.cmd == "pick":
        pick(a.rofi)
    elif a.cmd == "clear":
        db().execute("delete from clip").connection.commit()
    else:
        n, size = db().execute("select count(*), coalesce(sum(length(body)),0) from clip").fetchone()
        print(f"{n} entries, {size} bytes")


if __name__ == "__main__":
    main()
