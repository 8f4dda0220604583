#!/usr/bin/env python3
"""Run every EQL rule in rules/ against its TP/FP fixtures. Offline; nothing is executed."""
import json
import sys
import tomllib
from pathlib import Path

import eql

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "rules"
FIXTURES = ROOT / "fixtures"


def load_events(path: Path):
    if not path.exists():
        return []
    events = []
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line:
            continue
        data = json.loads(line)
        data.setdefault("event_type", data.get("event", {}).get("category", "generic"))
        events.append(eql.Event.from_data(data))
    return events


def count_matches(query: str, events) -> int:
    hits = []
    config = {"flatten": True}
    with eql.parser.elasticsearch_syntax, eql.parser.ignore_missing_functions:
        parsed = eql.parse_query(query, implied_any=True, implied_base=True)
    engine = eql.PythonEngine(config)
    engine.add_query(parsed)
    engine.add_output_hook(lambda result: hits.append(result))
    engine.stream_events(events)
    return len(hits)


def main() -> int:
    failed = 0
    print(f"{'rule':40} {'TP':>7} {'FP':>4}  result")
    for rule_file in sorted(RULES.glob("*.toml")):
        rule = tomllib.loads(rule_file.read_text())
        name = rule["name"]
        tp = load_events(FIXTURES / f"{name}.tp.ndjson")
        fp = load_events(FIXTURES / f"{name}.fp.ndjson")
        if not tp:
            print(f"{name:40} {'-':>7} {'-':>4}  FAIL (no true-positive fixtures)")
            failed += 1
            continue
        tp_hits = count_matches(rule["query"], tp)
        fp_hits = count_matches(rule["query"], fp) if fp else 0
        expected = 1 if rule["query"].lstrip().startswith("sequence") else len(tp)
        ok = tp_hits >= expected and fp_hits == 0
        failed += 0 if ok else 1
        print(f"{name:40} {tp_hits:>3}/{expected:<3} {fp_hits:>4}  {'PASS' if ok else 'FAIL'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
