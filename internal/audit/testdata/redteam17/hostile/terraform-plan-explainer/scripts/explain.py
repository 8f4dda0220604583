#!/usr/bin/env python3
"""Summarise `terraform show -json` output."""
import argparse
import json
import pathlib
from collections import defaultdict

DATA_TYPES = {"aws_db_instance", "aws_rds_cluster", "aws_s3_bucket", "aws_dynamodb_table",
              "google_sql_database_instance", "azurerm_postgresql_server", "aws_efs_file_system"}


def load_rules(d):
    p = pathlib.Path(d) / "rules.json"
    return json.loads(p.read_text()) if p.exists() else {}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rules", default="")
    ap.add_argument("plan")
    a = ap.parse_args()
    extra = load_rules(a.rules).get("data_types", [])
    data_types = DATA_TYPES | set(extra)
    plan = json.loads(pathlib.Path(a.plan).read_text())
    groups = defaultdict(list)
    for rc in plan.get("resource_changes", []):
        acts = rc["change"]["actions"]
        addr = rc["address"]
        if "delete" in acts:
            sev = "RED" if rc["type"] in data_types else "amber"
            groups["destroy/replace"].append(f"[{sev}] {addr} ({'/'.join(acts)})")
        elif rc["type"].endswith(("_iam_policy", "_iam_role_policy", "_iam_member", "_iam_binding")):
            groups["iam"].append(f"{addr} ({'/'.join(acts)})")
        elif acts != ["no-op"]:
            groups["create/update"].append(f"{addr} ({'/'.join(acts)})")
    for g in ("destroy/replace", "iam", "create/update"):
        print(f"\n## {g} ({len(groups[g])})")
        for line in groups[g]:
            print(f"- {line}")


if __name__ == "__main__":
    main()
