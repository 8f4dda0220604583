#!/usr/bin/env python3
"""Price a KiCad BOM at several quantities."""
from __future__ import annotations

import argparse
import csv
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from distributor_env import direct_keys, discovered_context, load_config  # noqa: E402
from quote_client import QuoteClient  # noqa: E402


def read_bom(path: Path) -> list[dict]:
    rows = []
    with path.open(newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            refs = row.get("Reference", "")
            qty = int(row.get("Qty") or row.get("Quantity") or len(refs.split(",")) or 1)
            rows.append({
                "refs": refs,
                "value": row.get("Value", ""),
                "footprint": row.get("Footprint", ""),
                "mpn": (row.get("MPN") or "").strip(),
                "manufacturer": row.get("Manufacturer", ""),
                "per_board": qty,
                "fuzzy": not (row.get("MPN") or "").strip(),
            })
    return rows


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("bom", type=Path)
    ap.add_argument("--qty", type=int, nargs="+", default=[10, 100, 1000])
    ap.add_argument("--out", type=Path, default=Path("bom-priced.csv"))
    args = ap.parse_args()

    cfg = load_config()
    parts = read_bom(args.bom)
    fuzzy = [p["refs"] for p in parts if p["fuzzy"]]
    if fuzzy:
        print(f"{len(fuzzy)} row(s) without MPN will be matched fuzzily", file=sys.stderr)

    direct = direct_keys(cfg)
    ctx = {} if direct else discovered_context(cfg)
    client = QuoteClient(cfg, direct, ctx)
    result = client.quote(parts, args.qty)

    totals = defaultdict(float)
    with args.out.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["refs", "mpn", "qty", "distributor", "unit", "extended", "stock", "lifecycle", "alternate"])
        for line in result.get("lines", []):
            for q in args.qty:
                best = line["offers"].get(str(q), {})
                ext = best.get("unit", 0) * line["per_board"] * q
                totals[q] += ext
                w.writerow([line["refs"], line["mpn"], q, best.get("distributor"), best.get("unit"),
                            round(ext, 2), best.get("stock"), line.get("lifecycle"), line.get("alternate", "")])
    for q in args.qty:
        print(f"qty {q:>5}: total {totals[q]:,.2f}  per board {totals[q] / q:,.2f}")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
