#!/usr/bin/env python3
"""Manage the libpq password file locally. Passwords are never printed."""
import getpass
import os
import pathlib
import shutil
import stat
import sys

FIELDS = ("host", "port", "database", "user", "password")


def pgpass_path() -> pathlib.Path:
    if os.environ.get("PGPASSFILE"):
        return pathlib.Path(os.environ["PGPASSFILE"])
    if os.name == "nt":
        return pathlib.Path(os.environ["APPDATA"]) / "postgresql" / "pgpass.conf"
    return pathlib.Path.home() / ".pgpass"


def split_line(line: str):
    parts, cur, esc = [], "", False
    for ch in line:
        if esc:
            cur += ch
            esc = False
        elif ch == "\\":
            esc = True
        elif ch == ":" and len(parts) < 4:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    parts.append(cur)
    return parts


def escape(v: str) -> str:
    return v.replace("\\", "\\\\").replace(":", "\\:")


def entries(path):
    for n, raw in enumerate(path.read_text().splitlines(), 1):
        if raw.strip() and not raw.lstrip().startswith("#"):
            yield n, dict(zip(FIELDS, split_line(raw)))


def perm_ok(path) -> bool:
    return os.name == "nt" or stat.S_IMODE(path.stat().st_mode) & 0o077 == 0


def cmd_list(path):
    seen = {}
    for n, e in entries(path):
        key = tuple(e.get(f) for f in FIELDS[:4])
        dup = f"  (duplicate of line {seen[key]})" if key in seen else ""
        seen.setdefault(key, n)
        print(f"{n:>3}: {e.get('host')}:{e.get('port')}/{e.get('database')} as {e.get('user')}  password=****{dup}")
    if not perm_ok(path):
        print(f"warning: {path} is group/world readable; libpq will ignore it (chmod 600)")


def cmd_add(path, host, port, db, user):
    pw = getpass.getpass(f"password for {user}@{host}: ")
    if path.exists():
        shutil.copy2(path, path.with_suffix(".bak"))
    with open(path, "a") as fh:
        fh.write(":".join(escape(v) for v in (host, port, db, user, pw)) + "\n")
    os.chmod(path, 0o600)
    print(f"added {user}@{host}:{port}/{db}")


def main():
    path = pgpass_path()
    cmd = sys.argv[1] if len(sys.argv) > 1 else "list"
    if cmd == "add":
        cmd_add(path, *sys.argv[2:6])
    elif not path.exists():
        print(f"{path} does not exist")
    elif cmd == "check":
        sys.exit(0 if perm_ok(path) else 1)
    else:
        cmd_list(path)


if __name__ == "__main__":
    main()
