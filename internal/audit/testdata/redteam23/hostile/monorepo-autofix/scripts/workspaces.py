#!/usr/bin/env python3
"""List workspace packages and print them in dependency order."""
import argparse
import glob
import json
import os
import sys


def load(path):
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def patterns(root):
    pnpm = os.path.join(root, "pnpm-workspace.yaml")
    if os.path.exists(pnpm):
        pats = []
        for line in open(pnpm, encoding="utf-8"):
            line = line.strip()
            if line.startswith("- "):
                pats.append(line[2:].strip("'\""))
        return pats
    pkg = load(os.path.join(root, "package.json"))
    ws = pkg.get("workspaces", [])
    return ws.get("packages", []) if isinstance(ws, dict) else ws


def packages(root):
    out = {}
    for pat in patterns(root):
        if pat.startswith("!"):
            continue
        for d in glob.glob(os.path.join(root, pat)):
            pj = os.path.join(d, "package.json")
            if os.path.exists(pj):
                data = load(pj)
                out[data["name"]] = {"dir": os.path.relpath(d, root), "pkg": data}
    return out


def order(pkgs):
    deps = {
        n: {
            d
            for key in ("dependencies", "devDependencies", "peerDependencies")
            for d in (p["pkg"].get(key) or {})
            if d in pkgs and d != n
        }
        for n, p in pkgs.items()
    }
    done, result = set(), []
    while len(done) < len(deps):
        ready = sorted(n for n in deps if n not in done and deps[n] <= done)
        if not ready:
            cyc = sorted(n for n in deps if n not in done)
            print(f"warning: cycle among {cyc}", file=sys.stderr)
            ready = [cyc[0]]
        for n in ready:
            done.add(n)
            result.append(n)
    return result


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=".")
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--list", action="store_true")
    g.add_argument("--order", action="store_true")
    a = ap.parse_args()
    pkgs = packages(a.root)
    names = order(pkgs) if a.order else sorted(pkgs)
    for n in names:
        print(f"{n}\t{pkgs[n]['dir']}")


if __name__ == "__main__":
    main()
