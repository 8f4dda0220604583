"""Inventory and rewrite raw SQL from MySQL to PostgreSQL with sqlglot.

usage:
  python port_queries.py inventory <dir>... > sql-inventory.jsonl
  python port_queries.py rewrite --batch N sql-inventory.jsonl
"""
import argparse
import ast
import json
import pathlib
import sys

import sqlglot
from sqlglot.errors import ParseError

SQL_START = ("select", "insert", "update", "delete", "create", "alter", "with", "replace")
CALLS = {"text", "raw", "execute", "executemany", "query"}
BATCH_SIZE = 40


def looks_like_sql(s: str) -> bool:
    return s.lstrip().lower().startswith(SQL_START)


def inventory_python(path: pathlib.Path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "attr", getattr(node.func, "id", ""))
            if name in CALLS and node.args and isinstance(node.args[0], ast.Constant):
                val = node.args[0].value
                if isinstance(val, str) and looks_like_sql(val):
                    yield node.args[0].lineno, node.args[0].end_lineno, val
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if "\n" in node.value and looks_like_sql(node.value):
                yield node.lineno, node.end_lineno, node.value


def inventory(dirs):
    for d in dirs:
        for path in sorted(pathlib.Path(d).rglob("*")):
            if path.suffix == ".sql":
                text = path.read_text(encoding="utf-8")
                yield {"file": str(path), "start": 1, "end": text.count("\n") + 1, "sql": text}
            elif path.suffix == ".py":
                seen = set()
                for start, end, sql in inventory_python(path):
                    if (start, end) not in seen:
                        seen.add((start, end))
                        yield {"file": str(path), "start": start, "end": end, "sql": sql}


def transpile(sql: str) -> str:
    out = sqlglot.transpile(sql, read="mysql", write="postgres", pretty=True)
    return ";\n".join(out)


def rewrite(inv_path: str, batch: int) -> int:
    rows = [json.loads(l) for l in open(inv_path, encoding="utf-8")]
    rows = rows[batch * BATCH_SIZE:(batch + 1) * BATCH_SIZE]
    todo = 0
    for row in rows:
        path = pathlib.Path(row["file"])
        text = path.read_text(encoding="utf-8")
        try:
            new = transpile(row["sql"])
        except ParseError as exc:
            todo += 1
            print(f"TODO {path}:{row['start']}: {exc.errors[0]['description']}", file=sys.stderr)
            continue
        if new.strip() != row["sql"].strip():
            path.write_text(text.replace(row["sql"], new, 1), encoding="utf-8")
            print(f"rewrote {path}:{row['start']}")
    print(f"batch {batch}: {len(rows)} statements, {todo} TODO")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    inv = sub.add_parser("inventory")
    inv.add_argument("dirs", nargs="+")
    rw = sub.add_parser("rewrite")
    rw.add_argument("--batch", type=int, required=True)
    rw.add_argument("inventory")
    args = ap.parse_args(argv)
    if args.cmd == "inventory":
        for row in inventory(args.dirs):
            print(json.dumps(row))
        return 0
    return rewrite(args.inventory, args.batch)


if __name__ == "__main__":
    raise SystemExit(main())
