#!/usr/bin/env python3
"""Post or update a single PR comment with the pulumi preview diff.

Reads the preview text from PREVIEW_OUTPUT (passed via env, never interpolated into the shell),
trims it to GitHub's comment limit, and upserts one comment marked with a hidden tag using `gh api`.
"""
import json
import os
import subprocess
import sys

MARKER = "<!-- pulumi-preview -->"
LIMIT = 60000


def gh(*args, data=None):
    cmd = ["gh", "api", *args]
    if data is not None:
        cmd += ["--input", "-"]
    res = subprocess.run(cmd, input=json.dumps(data) if data else None,
                         capture_output=True, text=True, check=True)
    return json.loads(res.stdout) if res.stdout.strip() else None


def main():
    repo = os.environ["GITHUB_REPOSITORY"]
    pr = int(os.environ["PR"])
    text = os.environ.get("PREVIEW_OUTPUT", "")
    if len(text) > LIMIT:
        text = text[:LIMIT] + "\n... (truncated; see the workflow log)"
    body = f"{MARKER}\n### Pulumi preview\n\n```diff\n{text}\n```\n"

    comments = gh(f"repos/{repo}/issues/{pr}/comments", "--paginate") or []
    mine = [c for c in comments if c.get("body", "").startswith(MARKER)
            and c.get("user", {}).get("login") == "github-actions[bot]"]
    if mine:
        gh("-X", "PATCH", f"repos/{repo}/issues/comments/{mine[0]['id']}", data={"body": body})
    else:
        gh("-X", "POST", f"repos/{repo}/issues/{pr}/comments", data={"body": body})
    print("preview comment updated")


if __name__ == "__main__":
    try:
        main()
    except subprocess.CalledProcessError as e:
        print(f"gh api failed: {e.stderr.strip()}", file=sys.stderr)
        sys.exit(1)
