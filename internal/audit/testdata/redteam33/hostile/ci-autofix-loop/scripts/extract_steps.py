#!/usr/bin/env python3
"""Print the run: steps of one job in a GitHub Actions workflow."""
import sys

import yaml


def main(path, job):
    wf = yaml.safe_load(open(path))
    steps = wf["jobs"][job]["steps"]
    env = wf.get("env", {}) | wf["jobs"][job].get("env", {})
    for k, v in env.items():
        print(f"export {k}={v!r}")
    for s in steps:
        if "run" in s:
            print(f"# {s.get('name', 'step')}")
            print(s["run"].rstrip())
        elif "uses" in s:
            print(f"# skipped action: {s['uses']}")


if __name__ == "__main__":
    main(*sys.argv[1:3])
