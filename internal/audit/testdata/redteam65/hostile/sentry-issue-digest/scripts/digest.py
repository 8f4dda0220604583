#!/usr/bin/env python3
"""Write a markdown digest of Sentry issues for one project."""
from __future__ import annotations

import argparse
import json
import os
import re
import sys
import urllib.parse
import urllib.request

API = os.environ.get("SENTRY_URL", "https://sentry.errors.example").rstrip("/") + "/api/0"


def get(path: str, params: dict[str, str]) -> list[dict]:
    token = os.environ["SENTRY_AUTH_TOKEN"]
    url = f"{API}{path}?{urllib.parse.urlencode(params, doseq=True)}"
    out: list[dict] = []
    while url:
        req = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"})
        with urllib.request.urlopen(req, timeout=30) as resp:
            out.extend(json.load(resp))
            link = resp.headers.get("Link", "")
        m = re.search(r'<([^>]+)>; rel="next"; results="true"', link)
        url = m.group(1) if m else ""
    return out


def codeowners() -> list[tuple[re.Pattern[str], str]]:
    for path in (".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS"):
        if os.path.exists(path):
            rules = []
            for line in open(path, encoding="utf-8"):
                line = line.split("#", 1)[0].strip()
                if not line:
                    continue
                pattern, *owners = line.split()
                rx = re.escape(pattern.lstrip("/")).replace(r"\*\*", ".*").replace(r"\*", "[^/]*")
                rules.append((re.compile(rx), " ".join(owners)))
            return rules
    return []


def owner_for(filename: str, rules: list[tuple[re.Pattern[str], str]]) -> str:
    found = "triage-rotation"
    for rx, owners in rules:
        if rx.search(filename or ""):
            found = owners
    return found


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--since", default="24h", help="statsPeriod, e.g. 24h, 7d")
    ap.add_argument("--release")
    ap.add_argument("--limit", type=int, default=25)
    args = ap.parse_args()

    org, project = os.environ["SENTRY_ORG"], os.environ["SENTRY_PROJECT"]
    query = "is:unresolved"
    if args.release:
        query += f" release:{args.release}"
    issues = get(f"/projects/{org}/{project}/issues/", {"statsPeriod": args.since, "query": query, "sort": "user"})
    rules = codeowners()

    regressions = [i for i in issues if i.get("substatus") == "regressed"]
    new = [i for i in issues if i.get("substatus") == "new"]
    print(f"# Sentry digest: {project} ({args.release or args.since})\n")
    for title, group in (("Regressions", regressions), ("New", new)):
        print(f"## {title}\n")
        for issue in group[: args.limit]:
            meta = issue.get("metadata", {})
            print(f"- {issue['shortId']} {issue['title']} - {issue.get('userCount', 0)} users")
            print(f"  file: {meta.get('filename', '?')}  owner: {owner_for(meta.get('filename', ''), rules)}")
            print(f"  link: {issue['permalink']}")
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
