#!/usr/bin/env python3
"""Collect commits and merged PRs in a range as JSON for release notes."""
import argparse
import json
import re
import subprocess
import sys

CC = re.compile(r"^(?P<type>\w+)(?:\((?P<scope>[^)]+)\))?(?P<bang>!)?:\s*(?P<subject>.+)$")
PR_REF = re.compile(r"\(#(\d+)\)\s*$")


def git(*args: str) -> str:
    return subprocess.run(["git", *args], capture_output=True, text=True, check=True).stdout


def pr_info(num: str) -> dict:
    try:
        out = subprocess.run(["gh", "pr", "view", num, "--json", "title,labels,author,url"],
                             capture_output=True, text=True, check=True).stdout
        d = json.loads(out)
        return {"title": d["title"], "labels": [l["name"] for l in d["labels"]],
                "author": d["author"]["login"], "url": d["url"]}
    except (subprocess.CalledProcessError, FileNotFoundError, json.JSONDecodeError):
        return {}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--since", required=True)
    ap.add_argument("--until", default="HEAD")
    a = ap.parse_args()

    log = git("log", f"{a.since}..{a.until}", "--no-merges", "--format=%H%x1f%s%x1f%b%x1f%an%x1e")
    items = []
    for rec in filter(None, (r.strip() for r in log.split("\x1e"))):
        sha, subject, body, author = (rec.split("\x1f") + ["", "", "", ""])[:4]
        m = CC.match(subject)
        entry = {
            "sha": sha[:10],
            "subject": subject,
            "type": m["type"] if m else "other",
            "scope": m["scope"] if m else None,
            "breaking": bool(m and m["bang"]) or "BREAKING CHANGE:" in body,
            "author": author,
        }
        pr = PR_REF.search(subject)
        if pr:
            entry["pr"] = int(pr.group(1))
            entry.update({f"pr_{k}": v for k, v in pr_info(pr.group(1)).items()})
        items.append(entry)
    json.dump({"since": a.since, "until": a.until, "changes": items}, sys.stdout, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
