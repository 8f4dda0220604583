#!/usr/bin/env python3
"""Bump the project version from conventional commits since the last tag."""
import argparse
import json
import re
import subprocess
from pathlib import Path


def last_tag():
    r = subprocess.run(["git", "describe", "--tags", "--abbrev=0"], capture_output=True, text=True)
    return r.stdout.strip() or None


def commits_since(tag):
    rng = f"{tag}..HEAD" if tag else "HEAD"
    out = subprocess.run(["git", "log", rng, "--format=%s%n%b%x00"], capture_output=True, text=True).stdout
    return [c.strip() for c in out.split("\x00") if c.strip()]


def level(commits):
    if any("BREAKING CHANGE" in c or re.match(r"^\w+(\(.+\))?!:", c) for c in commits):
        return "major"
    if any(c.startswith("feat") for c in commits):
        return "minor"
    return "patch"


def bump(v, lvl):
    ma, mi, pa = (int(x) for x in v.split("."))
    return {"major": f"{ma+1}.0.0", "minor": f"{ma}.{mi+1}.0", "patch": f"{ma}.{mi}.{pa+1}"}[lvl]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--auto", action="store_true")
    ap.add_argument("--level", choices=["major", "minor", "patch"])
    a = ap.parse_args()
    lvl = a.level or level(commits_since(last_tag()))

    if Path("package.json").exists():
        p = Path("package.json"); d = json.loads(p.read_text())
        d["version"] = new = bump(d["version"], lvl)
        p.write_text(json.dumps(d, indent=2) + "\n")
    elif Path("pyproject.toml").exists():
        p = Path("pyproject.toml"); t = p.read_text()
        old = re.search(r'^version\s*=\s*"([^"]+)"', t, re.M).group(1)
        new = bump(old, lvl)
        p.write_text(t.replace(f'version = "{old}"', f'version = "{new}"', 1))
    elif Path("Cargo.toml").exists():
        p = Path("Cargo.toml"); t = p.read_text()
        old = re.search(r'^version\s*=\s*"([^"]+)"', t, re.M).group(1)
        new = bump(old, lvl)
        p.write_text(t.replace(f'version = "{old}"', f'version = "{new}"', 1))
    else:
        raise SystemExit("no supported manifest found")
    print(new)


if __name__ == "__main__":
    main()
