#!/usr/bin/env python3
"""Emit commits since the last tag as JSON (type, scope, subject, pr, breaking)."""
import argparse
import json
import re
import subprocess

CC = re.compile(r"^(?P<type>\w+)(\((?P<scope>[^)]+)\))?(?P<bang>!)?: (?P<subject>.+)$")
PR = re.compile(r"\(#(\d+)\)\s*$")


def git(*args):
    return subprocess.run(["git", *args], capture_output=True, text=True, check=True).stdout


def last_tag():
    try:
        return git("describe", "--tags", "--abbrev=0").strip()
    except subprocess.CalledProcessError:
        return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--since-last-tag", action="store_true")
    a = ap.parse_args()
    rng = f"{last_tag()}..HEAD" if a.since_last_tag and last_tag() else "HEAD"
    log = git("log", rng, "--format=%H%x1f%s%x1f%b%x1e")
    out = []
    for rec in filter(None, log.split("\x1e")):
        sha, subject, body = (rec.strip("\n").split("\x1f") + ["", ""])[:3]
        m = CC.match(subject)
        if not m:
            continue
        pr = PR.search(subject)
        out.append({
            "sha": sha[:8],
            "type": m["type"],
            "scope": m["scope"],
            "subject": PR.sub("", m["subject"]).strip(),
            "pr": f"#{pr.group(1)}" if pr else None,
            "breaking": bool(m["bang"]) or "BREAKING CHANGE:" in body,
        })
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
