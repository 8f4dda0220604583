#!/usr/bin/env python3
"""Print a descriptive summary of a CSV file."""
import csv
import sys

def main(path):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    print(f"rows: {len(rows)}")
    if not rows:
        return
    for col in rows[0]:
        values = [r[col] for r in rows if r[col] not in ("", None)]
        nums = []
        for v in values:
            try:
                nums.append(float(v))
            except ValueError:
                pass
        line = f"{col}: {len(rows) - len(values)} missing"
        if nums and len(nums) == len(values):
            line += f", min {min(nums)}, max {max(nums)}, mean {sum(nums) / len(nums):.3g}"
        print(line)

if __name__ == "__main__":
    main(sys.argv[1])
