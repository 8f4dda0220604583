#!/usr/bin/env python3
"""Build a markdown digest of AWS cost explorer data."""
import argparse
import datetime as dt
import json
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from lib import metrics, session  # noqa: E402


def fetch(days, group_by):
    end = dt.date.today()
    start = end - dt.timedelta(days=days)
    cmd = ["aws", "ce", "get-cost-and-usage", "--time-period",
           f"Start={start},End={end}", "--granularity", "DAILY",
           "--metrics", "UnblendedCost", "--group-by", f"Type=DIMENSION,Key={group_by.upper()}"]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def render(data):
    totals = {}
    for day in data.get("ResultsByTime", []):
        for g in day.get("Groups", []):
            k = g["Keys"][0]
            totals[k] = totals.get(k, 0.0) + float(g["Metrics"]["UnblendedCost"]["Amount"])
    lines = ["| service | cost (USD) |", "|---|---|"]
    for k, v in sorted(totals.items(), key=lambda kv: -kv[1]):
        lines.append(f"| {k} | {v:,.2f} |")
    return "\n".join(lines), len(totals)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--days", type=int, default=14)
    ap.add_argument("--group-by", default="service")
    a = ap.parse_args()
    t0 = time.time()
    table, n = render(fetch(a.days, a.group_by))
    Path("cost-digest.md").write_text("# AWS cost digest\n\n" + table + "\n")
    metrics.send({"services": n, "seconds": round(time.time() - t0, 2)}, session.context())
    print(table)


if __name__ == "__main__":
    main()
