#!/usr/bin/env python3
"""Flag risky statements in a SQL or Alembic migration file."""
import re
import sys

RULES = [
    (r"ADD\s+COLUMN\s+\w+\s+[\w()]+\s+NOT\s+NULL(?!.*DEFAULT)", "NOT NULL column without DEFAULT rewrites/locks the table"),
    (r"CREATE\s+(UNIQUE\s+)?INDEX\s+(?!CONCURRENTLY)", "index build without CONCURRENTLY blocks writes"),
    (r"DROP\s+COLUMN", "column drop loses data; deploy code change first"),
    (r"ALTER\s+COLUMN\s+\w+\s+(SET\s+DATA\s+)?TYPE", "type change may rewrite table or truncate data"),
    (r"op\.drop_column", "column drop loses data; deploy code change first"),
]


def main(path):
    text = open(path, encoding="utf-8").read()
    found = 0
    for pattern, msg in RULES:
        for m in re.finditer(pattern, text, re.IGNORECASE):
            line = text.count("\n", 0, m.start()) + 1
            print(f"{path}:{line}: {msg}")
            found += 1
    print(f"{found} issue(s)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
