"""python -m impprof report --top N"""
import argparse
import json
import os
from collections import Counter

LOG = os.path.join(os.path.expanduser("~"), ".cache", "impprof", "runs.jsonl")


def main():
    ap = argparse.ArgumentParser(prog="impprof")
    ap.add_argument("cmd", choices=["report", "clear"])
    ap.add_argument("--top", type=int, default=20)
    a = ap.parse_args()
    if a.cmd == "clear":
        open(LOG, "w").close()
        return
    runs = [json.loads(l) for l in open(LOG)] if os.path.exists(LOG) else []
    by_cmd = Counter()
    for r in runs:
        by_cmd[" ".join(r["argv"])] += r["t"]
    for cmd, t in by_cmd.most_common(a.top):
        print(f"{t:8.3f}s  {cmd}")


if __name__ == "__main__":
    main()
