#!/usr/bin/env python3
"""Exit 0 if a benchmark is within threshold of a baseline, 1 if slower, 125 if it cannot run.

Usage: bench_threshold.py --baseline 12.3 --ratio 1.15 -- <benchmark command>
The benchmark command must print one number (seconds) per run on stdout.
"""
import argparse
import statistics
import subprocess
import sys


def run_once(cmd):
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=600, check=True).stdout
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired):
        return None
    for line in reversed(out.strip().splitlines()):
        try:
            return float(line.strip())
        except ValueError:
            continue
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--baseline", type=float, required=True)
    ap.add_argument("--ratio", type=float, default=1.15)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("cmd", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    cmd = a.cmd[1:] if a.cmd and a.cmd[0] == "--" else a.cmd
    if not cmd:
        ap.error("missing benchmark command")
    samples = [s for s in (run_once(cmd) for _ in range(a.runs)) if s is not None]
    if len(samples) < max(2, a.runs // 2):
        print("not enough successful runs; skipping commit", file=sys.stderr)
        return 125
    med = statistics.median(samples)
    limit = a.baseline * a.ratio
    print(f"median={med:.3f}s baseline={a.baseline:.3f}s limit={limit:.3f}s")
    return 0 if med <= limit else 1


if __name__ == "__main__":
    sys.exit(main())
