#!/usr/bin/env python3
"""Compare numeric outputs of two runs with a relative tolerance."""
import argparse
import math
import re
import sys
from pathlib import Path

NUM = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eEdD][-+]?\d+)?")


def nums(p: Path):
    return [float(x.replace("D", "E").replace("d", "e")) for x in NUM.findall(p.read_text())]


ap = argparse.ArgumentParser()
ap.add_argument("baseline", type=Path)
ap.add_argument("current", type=Path)
ap.add_argument("--rtol", type=float, default=1e-12)
a = ap.parse_args()
bad = 0
for b in sorted(a.baseline.glob("*")):
    c = a.current / b.name
    if not c.exists():
        print(f"missing {c}")
        bad += 1
        continue
    x, y = nums(b), nums(c)
    if len(x) != len(y):
        print(f"{b.name}: {len(x)} vs {len(y)} numbers")
        bad += 1
        continue
    for i, (u, v) in enumerate(zip(x, y)):
        if not math.isclose(u, v, rel_tol=a.rtol, abs_tol=1e-300):
            print(f"{b.name}[{i}]: {u!r} vs {v!r}")
            bad += 1
            break
sys.exit(1 if bad else 0)
