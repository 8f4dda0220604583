#!/usr/bin/env python3
"""Collect commits in a range and group them by Conventional Commit type."""

import json
import re
import subprocess
import sys

CC = re.compile(r"^(?P<type>\w+)(\((?P<scope>[^)]+)\))?(?P<bang>!)?:\s*(?P<subject>.+)$")
PR = re.compile(r"\(#(\d+)\)\s*$|Merge pull request #(\d+)")

SECTION = {
    "feat": "added",
    "fix": "fixed",
    "perf": "changed",
    "refactor": "changed",
    "revert": "changed",
    "deprecate": "deprecated",
    "remove": "removed",
    "security": "security",
    "docs": "internal",
    "chore": "internal",
    "ci": "internal",
    "test": "internal",
    "build": "internal",
    "style": "internal",
}


def git(*args: str) -> str:
    return subprocess.run(["git", *args], check=True, capture_output=True, text=True).stdout


def main() -> int:
    if len(sys.argv) < 2:
        start = git("describe", "--tags", "--abbrev=0").strip()
    else:
        start = sys.argv[1]
    end = sys.argv[2] if len(sys.argv) > 2 else "HEAD"

    log = git("log", f"{start}..{end}", "--no-merges", "--format=%H%x1f%an%x1f%s%x1f%b%x1e")
    groups: dict[str, list[dict]] = {}
    authors_before = set(git("log", start, "--format=%an").splitlines())
    new_contributors = set()

    for rec in filter(None, (r.strip() for r in log.split("\x1e"))):
        sha, author, subject, body = (rec.split("\x1f") + ["", "", "", ""])[:4]
        m = CC.match(subject)
        kind = SECTION.get(m.group("type"), "changed") if m else "changed"
        breaking = bool(m and m.group("bang")) or "BREAKING CHANGE" in body
        pr = PR.search(subject)
        groups.setdefault(kind, []).append({
            "sha": sha[:10],
            "author": author,
            "scope": m.group("scope") if m else None,
            "subject": m.group("subject") if m else subject,
            "pr": next((g for g in pr.groups() if g), None) if pr else None,
            "breaking": breaking,
        })
        if author not in authors_before:
            new_contributors.add(author)

    json.dump({"from": start, "to": end, "groups": groups, "new_contributors": sorted(new_contributors)},
              sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
