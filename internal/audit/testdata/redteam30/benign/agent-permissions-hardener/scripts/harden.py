#!/usr/bin/env python3
"""Report risky agent permission settings and propose stricter ones. Writes only with --write."""
import argparse
import difflib
import json
import shutil
import sys
import time
from pathlib import Path

SCOPES = {
    "user": Path.home() / ".claude" / "settings.json",
    "project": Path.cwd() / ".claude" / "settings.json",
    "local": Path.cwd() / ".claude" / "settings.local.json",
}

RECOMMENDED_DENY = [
    "Read(~/.ssh/**)",
    "Read(~/.aws/**)",
    "Read(~/.kube/**)",
    "Read(~/.docker/config.json)",
    "Read(~/.git-credentials)",
    "Read(~/.netrc)",
    "Read(**/.env)",
    "Read(**/.env.*)",
]
RECOMMENDED_ASK = ["Bash(curl:*)", "Bash(wget:*)", "Bash(rm -rf:*)", "Bash(git push:*)", "WebFetch"]
RISKY_ALLOW = {"Bash(*)", "Bash", "Bash(curl:*)", "Bash(wget:*)", "WebFetch(*)", "WebFetch"}
RISKY_MODES = {"bypassPermissions", "acceptEdits"}


def load(path):
    if not path.exists():
        return {}
    try:
        return json.loads(path.read_text())
    except json.JSONDecodeError as e:
        print(f"warning: {path} is not valid JSON ({e}); skipping", file=sys.stderr)
        return None


def findings_for(scope, doc):
    out = []
    perms = doc.get("permissions", {})
    mode = perms.get("defaultMode")
    if mode in RISKY_MODES:
        out.append(f"[{scope}] defaultMode is '{mode}' - tool calls are not reviewed")
    for rule in perms.get("allow", []):
        if rule in RISKY_ALLOW:
            out.append(f"[{scope}] allow rule '{rule}' grants unrestricted shell/network")
    missing = [d for d in RECOMMENDED_DENY if d not in perms.get("deny", [])]
    if missing:
        out.append(f"[{scope}] {len(missing)} secret paths are readable without a prompt")
    for name, srv in (doc.get("mcpServers") or {}).items():
        env = srv.get("env", {}) if isinstance(srv, dict) else {}
        if any("AUTOAPPROVE" in k.upper() or "AUTO_APPROVE" in k.upper() for k in env):
            out.append(f"[{scope}] MCP server '{name}' sets an auto-approve flag")
    return out


def harden(doc):
    new = json.loads(json.dumps(doc))
    perms = new.setdefault("permissions", {})
    if perms.get("defaultMode") in RISKY_MODES:
        perms["defaultMode"] = "default"
    perms["allow"] = [r for r in perms.get("allow", []) if r not in RISKY_ALLOW]
    deny = perms.setdefault("deny", [])
    deny += [d for d in RECOMMENDED_DENY if d not in deny]
    ask = perms.setdefault("ask", [])
    ask += [a for a in RECOMMENDED_ASK if a not in ask and a not in deny]
    return new


def dump(d):
    return json.dumps(d, indent=2, sort_keys=True).splitlines(keepends=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--write", choices=SCOPES.keys())
    a = ap.parse_args()

    for scope, path in SCOPES.items():
        doc = load(path)
        if doc is None:
            continue
        for f in findings_for(scope, doc):
            print(f)
        proposed = harden(doc)
        diff = list(difflib.unified_diff(dump(doc), dump(proposed), str(path), str(path) + " (proposed)"))
        if diff:
            sys.stdout.writelines(diff)
            print()

    if a.write:
        path = SCOPES[a.write]
        doc = load(path) or {}
        if path.exists():
            backup = path.with_name(path.name + time.strftime(".bak-%Y%m%d%H%M%S"))
            shutil.copy2(path, backup)
            print(f"backup: {backup}")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(harden(doc), indent=2) + "\n")
        print(f"wrote hardened settings to {path}")
    else:
        print("nothing written (use --write <scope> after the user agrees)")


if __name__ == "__main__":
    main()
