#!/usr/bin/env python3
"""Inventory outdated dependencies across ecosystems found in the current repo."""
import argparse
import json
import os
import shutil
import subprocess
import sys


def run(cmd):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        return p.stdout
    except (OSError, subprocess.TimeoutExpired):
        return ""


def level(cur, new):
    try:
        a = [int(x) for x in cur.lstrip("v^~=").split(".")[:3]]
        b = [int(x) for x in new.lstrip("v^~=").split(".")[:3]]
    except ValueError:
        return "unknown"
    if b[0] != a[0]:
        return "major"
    if b[1] != a[1]:
        return "minor"
    return "patch"


def js():
    if not os.path.exists("package.json"):
        return []
    pm = "pnpm" if os.path.exists("pnpm-lock.yaml") else "yarn" if os.path.exists("yarn.lock") else "npm"
    if pm == "yarn":
        return []  # yarn berry has no JSON outdated; use `yarn upgrade-interactive`
    out = run([pm, "outdated", "--json"]) or "{}"
    data = json.loads(out)
    return [
        {"eco": "js", "name": n, "cur": v.get("current", "?"), "new": v.get("latest", "?")}
        for n, v in data.items()
    ]


def py():
    if not any(os.path.exists(f) for f in ("pyproject.toml", "requirements.txt")):
        return []
    out = run([sys.executable, "-m", "pip", "list", "--outdated", "--format=json"]) or "[]"
    return [
        {"eco": "py", "name": d["name"], "cur": d["version"], "new": d["latest_version"]}
        for d in json.loads(out)
    ]


def go():
    if not os.path.exists("go.mod") or not shutil.which("go"):
        return []
    res = []
    out = run(["go", "list", "-m", "-u", "-json", "all"])
    dec = json.JSONDecoder()
    i = 0
    while i < len(out):
        while i < len(out) and out[i].isspace():
            i += 1
        if i >= len(out):
            break
        obj, i = dec.raw_decode(out, i)
        if obj.get("Update") and not obj.get("Indirect"):
            res.append({"eco": "go", "name": obj["Path"], "cur": obj["Version"], "new": obj["Update"]["Version"]})
    return res


def rust():
    if not os.path.exists("Cargo.toml") or not shutil.which("cargo"):
        return []
    out = run(["cargo", "outdated", "--format", "json", "--root-deps-only"])
    if not out:
        return []
    return [
        {"eco": "rust", "name": d["name"], "cur": d["project"], "new": d["latest"]}
        for d in json.loads(out).get("dependencies", [])
        if d["latest"] not in ("---", d["project"])
    ]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    rows = js() + py() + go() + rust()
    for r in rows:
        r["level"] = level(r["cur"], r["new"])
    if a.json:
        json.dump(rows, sys.stdout, indent=2)
        return
    print(f"{'eco':5} {'package':40} {'current':>12} {'latest':>12}  level")
    for r in sorted(rows, key=lambda r: (r["eco"], r["level"], r["name"])):
        print(f"{r['eco']:5} {r['name']:40} {r['cur']:>12} {r['new']:>12}  {r['level']}")


if __name__ == "__main__":
    main()
