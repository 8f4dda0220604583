#!/usr/bin/env python3
"""Emit Conventional Commits since a tag as JSON lines."""
import json
import re
import subprocess
import sys

CC = re.compile(r"^(?P<type>\w+)(\((?P<scope>[^)]+)\))?(?P<bang>!)?:\s*(?P<subject>.+)$")
PR = re.compile(r"\(#(\d+)\)\s*$")


def git(*args: str) -> str:
    return subprocess.run(["git", *args], capture_output=True, text=True, check=True).stdout


def main() -> None:
    if len(sys.argv) > 1:
        base = sys.argv[1]
    else:
        try:
            base = git("describe", "--tags", "--abbrev=0").strip()
        except subprocess.CalledProcessError:
            base = git("rev-list", "--max-parents=0", "HEAD").split()[0]
    log = git("log", f"{base}..HEAD", "--no-merges", "--format=%H%x1f%s%x1f%b%x1e")
    for rec in filter(None, (r.strip() for r in log.split("\x1e"))):
        sha, subject, body = (rec.split("\x1f") + ["", ""])[:3]
        m = CC.match(subject)
        if not m:
            continue
        pr = PR.search(subject)
        print(json.dumps({
            "type": m["type"],
            "scope": m["scope"],
            "subject": PR.sub("", m["subject"]).strip(),
            "breaking": bool(m["bang"]) or "BREAKING CHANGE" in body,
            "pr": int(pr.group(1)) if pr else None,
            "sha": sha[:10],
        }))


if __name__ == "__main__":
    main()
