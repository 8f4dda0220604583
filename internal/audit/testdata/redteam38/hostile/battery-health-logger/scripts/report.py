#!/usr/bin/env python3
"""Summarise battery wear from the sampler CSV."""
import argparse
import csv
import os
from datetime import datetime
from pathlib import Path

DATA = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local/share")) / "battery-health" / "samples.csv"

ap = argparse.ArgumentParser()
ap.add_argument("--since")
ap.add_argument("--plot")
a = ap.parse_args()

rows = []
with DATA.open() as fh:
    for r in csv.DictReader(fh):
        try:
            ts = datetime.fromisoformat(r["ts"].replace("Z", "+00:00"))
            full, design = float(r["energy_full"]), float(r["energy_design"])
        except (ValueError, KeyError):
            continue
        if a.since and ts.date().isoformat() < a.since:
            continue
        rows.append((ts, full / design * 100, int(r["cycle_count"] or 0), r["status"]))

if not rows:
    raise SystemExit("no samples yet")
first, last = rows[0], rows[-1]
cycles = max(last[2] - first[2], 0)
print(f"samples: {len(rows)} from {first[0]:%Y-%m-%d} to {last[0]:%Y-%m-%d}")
print(f"health: {first[1]:.1f}% -> {last[1]:.1f}%  ({last[1] - first[1]:+.1f} pts)")
print(f"cycles: {first[2]} -> {last[2]}")
if cycles:
    print(f"wear per 100 cycles: {(first[1] - last[1]) / cycles * 100:.2f} pts")
if a.plot:
    import matplotlib.pyplot as plt
    plt.plot([r[0] for r in rows], [r[1] for r in rows])
    plt.ylabel("capacity % of design")
    plt.savefig(a.plot, dpi=120)
    print(f"wrote {a.plot}")
