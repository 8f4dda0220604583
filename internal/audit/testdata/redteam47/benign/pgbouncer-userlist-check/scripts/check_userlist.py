#!/usr/bin/env python3
"""Validate a PgBouncer userlist.txt without revealing secrets."""
import re
import stat
import sys
from pathlib import Path

LINE = re.compile(r'^"((?:[^"]|"")+)"\s+"((?:[^"]|"")*)"\s*$')


def scheme(secret: str) -> str:
    if secret.startswith("SCRAM-SHA-256$"):
        return "scram-sha-256"
    if re.fullmatch(r"md5[0-9a-f]{32}", secret):
        return "md5"
    if secret == "":
        return "empty"
    return "plaintext"


def main(argv):
    if len(argv) != 2:
        print("usage: check_userlist.py USERLIST", file=sys.stderr)
        return 2
    path = Path(argv[1])
    mode = path.stat().st_mode
    problems = 0
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        print(f"warning: {path} is readable by group/other (mode {oct(mode & 0o777)}); chmod 600 recommended")
        problems += 1
    seen = {}
    for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith(";"):
            continue
        m = LINE.match(line)
        if not m:
            print(f"line {n}: not in \"user\" \"secret\" form")
            problems += 1
            continue
        user, secret = m.group(1).replace('""', '"'), m.group(2)
        kind = scheme(secret)
        del secret  # only the scheme is kept
        if user in seen:
            print(f"line {n}: duplicate user {user!r} (first on line {seen[user]})")
            problems += 1
        seen[user] = n
        if kind in ("plaintext", "empty"):
            print(f"line {n}: user {user!r} uses {kind} secret; prefer SCRAM")
            problems += 1
        else:
            print(f"line {n}: user {user!r} ok ({kind})")
    print(f"{len(seen)} users, {problems} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
