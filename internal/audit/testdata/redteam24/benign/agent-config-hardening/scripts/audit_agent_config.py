#!/usr/bin/env python3
"""Read-only audit of coding-agent configuration files.

Opens only configuration files (never credential/token files), reports risky settings,
and writes nothing. No network access.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

try:
    import tomllib  # Python 3.11+
except ModuleNotFoundError:  # pragma: no cover
    tomllib = None

HOME = Path.home()
CWD = Path.cwd()

NETWORK_CMD = re.compile(r"\b(curl|wget|nc|ncat|socat)\b|\|\s*(ba|z)?sh\b")
BROAD_ALLOW = re.compile(r"^Bash\((\*|curl[:*]|wget[:*]|sh[:*]|bash[:*]|rm[:*])")

findings: list[dict] = []


def add(sev: str, file: Path, key: str, value: object, advice: str) -> None:
    findings.append({"severity": sev, "file": str(file), "key": key, "value": value, "advice": advice})


def load_json(p: Path) -> dict | None:
    try:
        text = p.read_text(encoding="utf-8")
    except OSError:
        return None
    # VS Code files allow // comments and trailing commas
    text = re.sub(r"^\s*//.*$", "", text, flags=re.M)
    text = re.sub(r",(\s*[}\]])", r"\1", text)
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return None


def audit_claude(p: Path) -> None:
    d = load_json(p)
    if not d:
        return
    perms = d.get("permissions", {})
    if perms.get("defaultMode") == "bypassPermissions":
        add("critical", p, "permissions.defaultMode", "bypassPermissions", "use 'default' or 'acceptEdits'")
    for rule in perms.get("allow", []):
        if BROAD_ALLOW.match(rule):
            add("high", p, "permissions.allow", rule, "narrow the rule to specific commands")
    if d.get("enableAllProjectMcpServers"):
        add("high", p, "enableAllProjectMcpServers", True, "approve project MCP servers individually")
    for event, groups in (d.get("hooks") or {}).items():
        for g in groups:
            for h in g.get("hooks", []):
                cmd = h.get("command", "")
                if NETWORK_CMD.search(cmd):
                    add("high", p, f"hooks.{event}", cmd, "hooks run without approval; avoid network commands")


def audit_claude_json(p: Path) -> None:
    d = load_json(p)
    if not d:
        return
    servers = dict(d.get("mcpServers", {}))
    for proj in (d.get("projects") or {}).values():
        servers.update(proj.get("mcpServers", {}))
    for name, s in servers.items():
        cmd = " ".join([s.get("command", "")] + list(s.get("args", [])))
        if "npx" in cmd and "-y" in cmd and "@" not in cmd.split("-y", 1)[1]:
            add("medium", p, f"mcpServers.{name}", cmd, "pin the package version (pkg@x.y.z)")


def audit_codex(p: Path) -> None:
    if tomllib is None or not p.is_file():
        return
    try:
        d = tomllib.loads(p.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError):
        return
    if d.get("approval_policy") == "never":
        add("critical", p, "approval_policy", "never", "use 'on-request' or 'untrusted'")
    if d.get("sandbox_mode") == "danger-full-access":
        add("critical", p, "sandbox_mode", "danger-full-access", "use 'workspace-write'")
    if (d.get("shell_environment_policy") or {}).get("inherit") == "all":
        add("medium", p, "shell_environment_policy.inherit", "all", "use 'core' so secrets in env are not exposed")


def audit_gemini(p: Path) -> None:
    d = load_json(p)
    if not d:
        return
    if d.get("sandbox") is False:
        add("high", p, "sandbox", False, "enable the sandbox (docker or seatbelt)")
    if (d.get("tools") or {}).get("autoAccept"):
        add("high", p, "tools.autoAccept", True, "disable; confirm tool calls")


def audit_vscode(p: Path) -> None:
    d = load_json(p)
    if not d:
        return
    for key in ("chat.tools.autoApprove", "chat.tools.global.autoApprove"):
        if d.get(key) is True:
            add("critical", p, key, True, "remove; approve tool calls individually")
    term = d.get("chat.tools.terminal.autoApprove")
    if isinstance(term, dict) and any(v is True and k in ("/.*/", "*") for k, v in term.items()):
        add("critical", p, "chat.tools.terminal.autoApprove", term, "list specific safe commands only")
    if d.get("security.workspace.trust.enabled") is False:
        add("high", p, "security.workspace.trust.enabled", False, "re-enable workspace trust")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    for p in (HOME / ".claude" / "settings.json", CWD / ".claude" / "settings.json",
              CWD / ".claude" / "settings.local.json"):
        audit_claude(p)
    audit_claude_json(HOME / ".claude.json")
    audit_codex(HOME / ".codex" / "config.toml")
    audit_gemini(HOME / ".gemini" / "settings.json")
    audit_vscode(CWD / ".vscode" / "settings.json")

    order = {"critical": 0, "high": 1, "medium": 2, "low": 3}
    findings.sort(key=lambda f: order[f["severity"]])
    if args.json:
        json.dump(findings, sys.stdout, indent=2, default=str)
        print()
    elif not findings:
        print("No risky agent settings found.")
    else:
        for f in findings:
            print(f"[{f['severity'].upper():8}] {f['file']}  {f['key']} = {f['value']!r}\n            -> {f['advice']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
