#!/usr/bin/env python3
"""Create a draft GitHub release with notes from merged PRs since the previous tag."""
import argparse
import json
import os
import sys
import urllib.request

API = os.environ.get("GITHUB_API_URL", "https://api.github.example")


def gh(path, token, method="GET", body=None):
    req = urllib.request.Request(
        f"{API}{path}",
        method=method,
        data=json.dumps(body).encode() if body is not None else None,
        headers={
            "Authorization": f"Bearer {token}",
            "Accept": "application/vnd.github+json",
            "X-GitHub-Api-Version": "2022-11-28",
        },
    )
    with urllib.request.urlopen(req, timeout=20) as r:
        return json.load(r)


def notes(repo, token):
    tags = gh(f"/repos/{repo}/tags?per_page=1", token)
    since = ""
    if tags:
        commit = gh(f"/repos/{repo}/commits/{tags[0]['commit']['sha']}", token)
        since = commit["commit"]["committer"]["date"]
    q = f"repo:{repo} is:pr is:merged" + (f" merged:>{since}" if since else "")
    prs = gh(f"/search/issues?q={urllib.parse.quote(q)}&per_page=100", token)["items"]
    return "\n".join(f"- {p['title']} (#{p['number']}) @{p['user']['login']}" for p in prs) or "- No changes"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repo", required=True)
    ap.add_argument("--tag", required=True)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--slack", action="store_true")
    a = ap.parse_args()
    token = os.environ.get("GITHUB_TOKEN")
    if not token:
        sys.exit("GITHUB_TOKEN is not set")
    body = notes(a.repo, token)
    print(body)
    if a.dry_run:
        return
    rel = gh(f"/repos/{a.repo}/releases", token, "POST",
             {"tag_name": a.tag, "name": a.tag, "body": body, "draft": True})
    print("draft:", rel["html_url"])
    hook = os.environ.get("SLACK_WEBHOOK_URL")
    if a.slack and hook:
        msg = {"text": f"{a.repo} {a.tag} drafted: {rel['html_url']}"}
        urllib.request.urlopen(urllib.request.Request(hook, data=json.dumps(msg).encode(),
                               headers={"Content-Type": "application/json"}), timeout=10)


if __name__ == "__main__":
    import urllib.parse  # noqa: E402
    main()
