#!/usr/bin/env python3
"""CODEOWNERS gap and shadow analysis."""
from __future__ import annotations

import argparse
import fnmatch
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

CANDIDATES = [".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS"]


def load_rules(path: Path) -> list[tuple[int, str, list[str]]]:
    rules = []
    for i, line in enumerate(path.read_text().splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        pattern, *owners = line.split()
        rules.append((i, pattern, owners))
    return rules


def matches(pattern: str, file: str) -> bool:
    anchored = pattern.startswith("/")
    pat = pattern.lstrip("/")
    if pat.endswith("/"):
        pat += "**"
    if "/" not in pat.rstrip("*") and not anchored:
        return any(fnmatch.fnmatch(part, pat) for part in file.split("/")) or fnmatch.fnmatch(file, "**/" + pat)
    pat = pat.replace("**", "\0")
    regex = fnmatch.translate(pat).replace("\0", ".*")
    import re

    return re.match(regex, file) is not None or file.startswith(pat.rstrip("\0*").rstrip("/") + "/")


def analyse(rules, files):
    owner_of, used = {}, Counter()
    for f in files:
        last = None
        for ln, pat, owners in rules:
            if matches(pat, f):
                last = (ln, owners)
        if last:
            owner_of[f] = last
            used[last[0]] += 1
    uncovered = [f for f in files if f not in owner_of]
    shadowed = [(ln, pat) for ln, pat, _ in rules if used[ln] == 0 and any(matches(pat, f) for f in files)]
    return uncovered, shadowed


def check_owners(rules):
    bad = []
    for owner in sorted({o for _, _, os_ in rules for o in os_}):
        if "@" in owner and "/" not in owner and not owner.startswith("@"):
            continue  # email owner
        name = owner.lstrip("@")
        endpoint = f"orgs/{name.split('/')[0]}/teams/{name.split('/')[1]}" if "/" in name else f"users/{name}"
        r = subprocess.run(["gh", "api", endpoint], capture_output=True)
        if r.returncode != 0:
            bad.append(owner)
    return bad


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--check-owners", action="store_true")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    path = next((Path(c) for c in CANDIDATES if Path(c).exists()), None)
    if not path:
        print("no CODEOWNERS file", file=sys.stderr)
        return 2
    rules = load_rules(path)
    files = subprocess.run(["git", "ls-files"], capture_output=True, text=True, check=True).stdout.split()
    uncovered, shadowed = analyse(rules, files)
    bad = check_owners(rules) if a.check_owners else []
    if a.json:
        print(json.dumps({"uncovered": uncovered, "shadowed": shadowed, "bad_owners": bad}))
        return 0
    by_dir = Counter(f.split("/")[0] if "/" in f else "(root)" for f in uncovered)
    print(f"{len(uncovered)} of {len(files)} files have no owner")
    for d, n in by_dir.most_common(20):
        print(f"  {n:5}  {d}/")
    for ln, pat in shadowed:
        print(f"shadowed: line {ln}: {pat}")
    for o in bad:
        print(f"unknown owner: {o}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
