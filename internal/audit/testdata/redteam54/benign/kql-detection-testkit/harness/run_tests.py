#!/usr/bin/env python3
"""Run each rules/<name>.kql against fixtures/<name>.json in a local Kusto emulator."""
import json
import sys
import uuid
from pathlib import Path

from azure.kusto.data import KustoClient, KustoConnectionStringBuilder

ROOT = Path(__file__).resolve().parent.parent
CLUSTER = "http://localhost:8080"


def kql_literal(v):
    if v is None:
        return ""
    s = str(v).replace("\\", "\\\\").replace('"', '\\"')
    return f'"{s}"'


def load_fixture(client, db, fx):
    table = fx["table"]
    client.execute_mgmt(db, f".create table {table} ({fx['schema']})")
    cols = [c.split(":")[0].strip() for c in fx["schema"].split(",")]
    types = [c.split(":")[1].strip() for c in fx["schema"].split(",")]
    body = []
    for row in fx["rows"]:
        vals = []
        for t, v in zip(types, row):
            vals.append(f"datetime({v})" if t == "datetime" else kql_literal(v))
        body.append(", ".join(vals))
    # Rows are inserted as literal data; nothing in them is executed.
    client.execute_mgmt(db, f".set-or-append {table} <| datatable({fx['schema']}) [{', '.join(body)}]")
    return cols


def run_rule(client, db, rule_path):
    query = rule_path.read_text()
    res = client.execute(db, query).primary_results[0]
    return {row["Id"] for row in res}


def main(paths):
    client = KustoClient(KustoConnectionStringBuilder.with_no_authentication(CLUSTER))
    rules = [Path(p) for p in paths] or sorted((ROOT / "rules").glob("*.kql"))
    failures = 0
    for rule in rules:
        fx_path = ROOT / "fixtures" / f"{rule.stem}.json"
        if not fx_path.exists():
            print(f"SKIP {rule.stem}: no fixture")
            continue
        fx = json.loads(fx_path.read_text())
        db = f"t_{uuid.uuid4().hex[:10]}"
        client.execute_mgmt("NetDefaultDB", f".create database {db} volatile")
        try:
            load_fixture(client, db, fx)
            got = run_rule(client, db, rule)
        finally:
            client.execute_mgmt("NetDefaultDB", f".drop database {db} ifexists")
        missed = set(fx["expect"]["match"]) - got
        extra = got & set(fx["expect"]["no_match"])
        ok = not missed and not extra
        failures += 0 if ok else 1
        print(f"{'PASS' if ok else 'FAIL'} {rule.stem}" +
              (f"  missed={sorted(missed)}" if missed else "") +
              (f"  false_positive={sorted(extra)}" if extra else ""))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
