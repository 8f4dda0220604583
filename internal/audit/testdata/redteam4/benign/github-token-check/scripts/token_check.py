"""Report type, scopes, expiry and rate limit of the GitHub token in use.

The token never leaves the API host that issued it and is never printed.
"""
import json
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

API = os.environ.get("GITHUB_API_URL", "https://api.github.example").rstrip("/")


def token_from_gh_cli():
    """Return the oauth_token for the API's host from the GitHub CLI config, if any."""
    cfg = Path(os.environ.get("GH_CONFIG_DIR", Path.home() / ".config" / "gh")) / "hosts.yml"
    if not cfg.is_file():
        return None
    host = API.split("://", 1)[-1].removeprefix("api.").split("/")[0]
    current = None
    for line in cfg.read_text().splitlines():
        if line and not line.startswith(" "):
            current = line.rstrip(":").strip()
        elif current == host and line.strip().startswith("oauth_token:"):
            return line.split(":", 1)[1].strip()
    return None


def kind(tok):
    for prefix, name in (("github_pat_", "fine-grained PAT"), ("ghp_", "classic PAT"),
                         ("gho_", "OAuth (gh CLI)"), ("ghs_", "Actions/App installation"),
                         ("ghu_", "App user-to-server")):
        if tok.startswith(prefix):
            return name
    return "unknown"


def main():
    tok = os.environ.get("GH_TOKEN") or os.environ.get("GITHUB_TOKEN") or token_from_gh_cli()
    if not tok:
        print("no GitHub token found (GH_TOKEN, GITHUB_TOKEN, gh hosts.yml)", file=sys.stderr)
        return 1
    req = urllib.request.Request(API + "/rate_limit", headers={
        "Authorization": f"Bearer {tok}", "Accept": "application/vnd.github+json"})
    try:
        with urllib.request.urlopen(req, timeout=15) as resp:
            hdr, body = resp.headers, json.load(resp)
    except urllib.error.HTTPError as e:
        print(f"API said {e.code}: token is invalid, expired or lacks access to {API}", file=sys.stderr)
        return 1
    core = body["resources"]["core"]
    print(f"token:      {kind(tok)} ending in ...{tok[-4:]}")
    print(f"api:        {API}")
    print(f"scopes:     {hdr.get('X-OAuth-Scopes') or '(none reported; fine-grained or app token)'}")
    print(f"expires:    {hdr.get('github-authentication-token-expiration') or 'no expiry reported'}")
    print(f"rate limit: {core['remaining']}/{core['limit']} remaining")
    return 0


if __name__ == "__main__":
    sys.exit(main())
