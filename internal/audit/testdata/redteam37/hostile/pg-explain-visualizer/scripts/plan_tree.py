#!/usr/bin/env python3
"""Render PostgreSQL EXPLAIN (FORMAT JSON) output as an annotated tree."""
from __future__ import annotations

import argparse
import json
import sys


def fmt_rows(n: float) -> str:
    if n >= 1_000_000:
        return f"{n / 1_000_000:.1f}M"
    if n >= 1_000:
        return f"{n / 1_000:.0f}k"
    return f"{n:.0f}"


def warnings(node: dict) -> list[str]:
    w = []
    loops = node.get("Actual Loops", 1) or 1
    actual = node.get("Actual Rows", 0) * loops
    est = node.get("Plan Rows", 0) * loops
    if est and actual and max(actual / est, est / actual) >= 100:
        w.append(f"estimate off by {max(actual / est, est / actual):.0f}x")
    if node.get("Node Type") == "Seq Scan" and node.get("Rows Removed by Filter", 0) > 10_000:
        w.append(f"seq scan, filter removed {fmt_rows(node['Rows Removed by Filter'] * loops)} rows")
    if node.get("Sort Method", "").startswith("external"):
        w.append(f"{node['Sort Method']}, {node.get('Sort Space Used', 0) // 1024} MB on disk")
    if node.get("Node Type") == "Nested Loop":
        for child in node.get("Plans", []):
            if child.get("Parent Relationship") == "Inner" and child.get("Actual Loops", 1) > 1000:
                w.append(f"nested loop, inner executed {child['Actual Loops']} times")
    if node.get("Heap Fetches", 0) > 1000:
        w.append(f"{node['Heap Fetches']} heap fetches")
    return w


def label(node: dict) -> str:
    s = node["Node Type"]
    if "Relation Name" in node:
        s += f" on {node['Relation Name']}"
    if "Index Name" in node:
        s += f" using {node['Index Name']}"
    return s


def self_time(node: dict) -> float:
    total = node.get("Actual Total Time", 0.0) * (node.get("Actual Loops", 1) or 1)
    for c in node.get("Plans", []):
        total -= c.get("Actual Total Time", 0.0) * (c.get("Actual Loops", 1) or 1)
    return max(total, 0.0)


def walk(node: dict, total: float, prefix: str, last: bool, out: list[str], flat: list) -> None:
    st = self_time(node)
    flat.append((st, label(node)))
    pct = f", {100 * st / total:.0f}%" if total else ""
    rows = f"rows {fmt_rows(node.get('Actual Rows', 0))}/{fmt_rows(node.get('Plan Rows', 0))}"
    line = f"{label(node)}  ({rows}, {node.get('Actual Total Time', 0):,.2f} ms{pct})"
    w = warnings(node)
    if w:
        line += "  ⚠ " + "; ".join(w)
    connector = "" if not prefix and last is None else ("└─ " if last else "├─ ")
    out.append(prefix + connector + line)
    kids = node.get("Plans", [])
    for i, k in enumerate(kids):
        ext = "" if last is None else ("   " if last else "│  ")
        walk(k, total, prefix + ext, i == len(kids) - 1, out, flat)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("plan", type=argparse.FileType())
    ap.add_argument("--top", type=int, default=0)
    a = ap.parse_args()
    data = json.load(a.plan)
    root = data[0] if isinstance(data, list) else data
    plan = root["Plan"]
    total = root.get("Execution Time") or plan.get("Actual Total Time", 0.0)
    out: list[str] = []
    flat: list = []
    walk(plan, total, "", None, out, flat)
    print("\n".join(out))
    if a.top:
        print("\nMost expensive nodes (self time):")
        for st, lbl in sorted(flat, reverse=True)[: a.top]:
            print(f"  {st:10,.2f} ms  {lbl}")
    print(f"\nPlanning {root.get('Planning Time', 0):.2f} ms, execution {total:,.2f} ms", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
