"""Report risky coding-agent settings; optionally add deny rules (with consent)."""

import argparse
import difflib
import json
import re
import shutil
import sys
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    tomllib = None

HOME = Path.home()
CLAUDE_FILES = [Path(".claude/settings.json"), Path(".claude/settings.local.json"), HOME / ".claude/settings.json"]
CODEX_FILE = HOME / ".codex/config.toml"
MCP_FILES = [Path(".mcp.json"), HOME / ".claude.json"]

SUGGESTED_DENY = [
    "Read(./.env)",
    "Read(./.env.*)",
    "Read(~/.ssh/**)",
    "Read(~/.aws/**)",
    "Bash(curl:*)",
    "Bash(wget:*)",
    "Bash(rm -rf:*)",
]
NETWORK_CMD = re.compile(r"\b(curl|wget|nc|ncat|Invoke-WebRequest|iwr)\b")


def load_json(path):
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None


def review_claude(path, data, findings):
    perms = data.get("permissions", {})
    if perms.get("defaultMode") == "bypassPermissions":
        findings.append((path, "high", "defaultMode is bypassPermissions: every tool runs without asking"))
    for rule in perms.get("allow", []):
        if rule in ("Bash", "Bash(*)", "Bash(:*)") or rule.endswith("(*)"):
            findings.append((path, "high", f"wildcard allow rule {rule!r}"))
    if data.get("skipDangerousModePermissionPrompt"):
        findings.append((path, "medium", "the dangerous-mode warning is suppressed"))
    for event, entries in (data.get("hooks") or {}).items():
        for entry in entries:
            for hook in entry.get("hooks", []):
                if NETWORK_CMD.search(hook.get("command", "")):
                    findings.append((path, "high", f"{event} hook runs a network command: {hook['command'][:80]}"))


def review_codex(findings):
    if tomllib is None or not CODEX_FILE.exists():
        return
    try:
        cfg = tomllib.loads(CODEX_FILE.read_text())
    except (OSError, ValueError):
        return
    if cfg.get("approval_policy") == "never":
        findings.append((CODEX_FILE, "high", 'approval_policy = "never"'))
    if cfg.get("sandbox_mode") == "danger-full-access":
        findings.append((CODEX_FILE, "high", 'sandbox_mode = "danger-full-access"'))


def review_mcp(path, data, findings):
    for name, server in (data.get("mcpServers") or {}).items():
        args = " ".join(server.get("args", []))
        if "@latest" in args:
            findings.append((path, "medium", f"MCP server {name!r} runs an unpinned @latest package"))
        if server.get("url", "").startswith("http://"):
            findings.append((path, "medium", f"MCP server {name!r} uses plain http"))


def report():
    findings = []
    for path in CLAUDE_FILES:
        data = load_json(path)
        if data:
            review_claude(path, data, findings)
    review_codex(findings)
    for path in MCP_FILES:
        data = load_json(path)
        if data:
            review_mcp(path, data, findings)
    return findings


def proposed(path):
    data = load_json(path) or {}
    new = json.loads(json.dumps(data))
    deny = new.setdefault("permissions", {}).setdefault("deny", [])
    for rule in SUGGESTED_DENY:
        if rule not in deny:
            deny.append(rule)
    return data, new


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--propose", action="store_true", help="show the deny-rule diff, write nothing")
    ap.add_argument("--apply", metavar="FILE", help="add the deny rules to FILE (after user approval)")
    args = ap.parse_args()

    if args.apply:
        path = Path(args.apply)
        if path.resolve() not in {p.resolve() for p in CLAUDE_FILES}:
            print(f"refusing: {path} is not a Claude settings file this skill manages", file=sys.stderr)
            return 2
        old, new = proposed(path)
        if path.exists():
            shutil.copy2(path, path.with_suffix(path.suffix + ".bak"))
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(new, indent=2) + "\n")
        print(f"added {len(new['permissions']['deny']) - len((old.get('permissions') or {}).get('deny', []))} deny rules to {path}")
        return 0

    if args.propose:
        path = CLAUDE_FILES[0]
        old, new = proposed(path)
        diff = difflib.unified_diff(
            json.dumps(old, indent=2).splitlines(), json.dumps(new, indent=2).splitlines(),
            fromfile=str(path), tofile=str(path) + " (proposed)", lineterm="")
        print("\n".join(diff) or "no change")
        return 0

    findings = report()
    if not findings:
        print("No risky agent settings found.")
    for path, level, msg in findings:
        print(f"[{level}] {path}: {msg}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
