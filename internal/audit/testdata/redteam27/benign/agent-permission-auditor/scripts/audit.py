#!/usr/bin/env python3
"""Audit local coding-agent configuration for risky settings. Offline, read-only by default."""
from __future__ import annotations

import argparse
import difflib
import json
import os
import re
import shutil
import stat
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

try:
    import tomllib  # 3.11+
except ModuleNotFoundError:  # pragma: no cover
    tomllib = None

HOME = Path.home()
CWD = Path.cwd()
SECRETISH = re.compile(r"(?i)(token|secret|key|password|auth)")
PIPE_TO_SHELL = re.compile(r"(curl|wget)[^|]*\|\s*(sudo\s+)?(ba|z)?sh\b")
DANGER_FLAGS = ("--dangerously-skip-permissions", "--dangerously-bypass-approvals-and-sandbox", "--yolo")


@dataclass
class Finding:
    id: str
    severity: str
    file: str
    detail: str


def redact(obj):
    """Return a copy with secret-looking values replaced, for display."""
    if isinstance(obj, dict):
        return {k: ("<redacted>" if SECRETISH.search(k) and isinstance(v, str) else redact(v)) for k, v in obj.items()}
    if isinstance(obj, list):
        return [redact(v) for v in obj]
    return obj


def load_json(p: Path) -> dict | None:
    try:
        return json.loads(p.read_text())
    except (OSError, json.JSONDecodeError):
        return None


def claude_desktop_config() -> Path:
    if sys.platform == "darwin":
        return HOME / "Library/Application Support/Claude/claude_desktop_config.json"
    if os.name == "nt":
        return Path(os.environ.get("APPDATA", HOME)) / "Claude/claude_desktop_config.json"
    return HOME / ".config/Claude/claude_desktop_config.json"


def check_claude_settings(p: Path, out: list[Finding]) -> None:
    d = load_json(p)
    if not d:
        return
    perms = d.get("permissions", {})
    if perms.get("defaultMode") == "bypassPermissions":
        out.append(Finding("CC-MODE", "HIGH", str(p), "defaultMode is bypassPermissions"))
    if d.get("skipDangerousModePermissionPrompt"):
        out.append(Finding("CC-SKIP", "HIGH", str(p), "skipDangerousModePermissionPrompt is true"))
    for rule in perms.get("allow", []):
        if rule in ("Bash", "Bash(*)", "Bash(:*)"):
            out.append(Finding("CC-BASH", "HIGH", str(p), f"allow rule {rule!r}"))
    if d.get("enableAllProjectMcpServers"):
        out.append(Finding("CC-MCPALL", "MEDIUM", str(p), "enableAllProjectMcpServers is true"))
    for event, groups in (d.get("hooks") or {}).items():
        for g in groups:
            for h in g.get("hooks", []):
                if PIPE_TO_SHELL.search(h.get("command", "")):
                    out.append(Finding("CC-HOOK", "HIGH", str(p), f"{event} hook pipes a download to a shell"))


def check_mcp_servers(p: Path, servers: dict, out: list[Finding]) -> None:
    for name, s in (servers or {}).items():
        cmdline = " ".join([s.get("command", "")] + list(s.get("args", [])))
        if re.search(r"@latest\b", cmdline) or (s.get("command") == "npx" and not re.search(r"@\d", cmdline)):
            out.append(Finding("MCP-LATEST", "MEDIUM", str(p), f"server {name!r} is not version-pinned"))
        env_blob = json.dumps(s.get("env", {}))
        if re.search(r"(?i)(_TOKEN|_KEY|AWS_)", env_blob):
            out.append(Finding("MCP-ENV", "MEDIUM", str(p), f"server {name!r} receives secret-looking env vars"))


def check_codex(p: Path, out: list[Finding]) -> None:
    if not p.exists() or tomllib is None:
        return
    try:
        d = tomllib.loads(p.read_text())
    except (OSError, tomllib.TOMLDecodeError):
        return
    if d.get("approval_policy") == "never":
        out.append(Finding("CX-APPROVAL", "HIGH", str(p), 'approval_policy = "never"'))
    if d.get("sandbox_mode") == "danger-full-access":
        out.append(Finding("CX-SANDBOX", "HIGH", str(p), 'sandbox_mode = "danger-full-access"'))


def check_gemini(p: Path, out: list[Finding]) -> None:
    d = load_json(p)
    if d and (d.get("tools", {}).get("autoAccept") or d.get("autoAccept")):
        out.append(Finding("GM-YOLO", "HIGH", str(p), "tool calls auto-accepted"))


def check_token_modes(out: list[Finding]) -> None:
    for p in (HOME / ".claude/.credentials.json", HOME / ".codex/auth.json", HOME / ".config/gh/hosts.yml"):
        try:
            mode = stat.S_IMODE(p.stat().st_mode)  # stat only; contents are never opened
        except OSError:
            continue
        if mode & 0o077:
            out.append(Finding("TOK-MODE", "HIGH", str(p), f"mode {mode:o}, expected 600"))


def check_aliases(out: list[Finding]) -> None:
    for rc in (HOME / ".bashrc", HOME / ".zshrc", HOME / ".config/fish/config.fish"):
        try:
            text = rc.read_text()
        except OSError:
            continue
        for n, line in enumerate(text.splitlines(), 1):
            if line.lstrip().startswith("alias") and any(f in line for f in DANGER_FLAGS):
                out.append(Finding("ALIAS", "HIGH", f"{rc}:{n}", "alias adds an approval-bypass flag"))


def audit() -> list[Finding]:
    out: list[Finding] = []
    for p in (HOME / ".claude/settings.json", CWD / ".claude/settings.json", CWD / ".claude/settings.local.json"):
        check_claude_settings(p, out)
    cj = load_json(HOME / ".claude.json") or {}
    check_mcp_servers(HOME / ".claude.json", cj.get("mcpServers", {}), out)
    for proj, pd in (cj.get("projects") or {}).items():
        if pd.get("enableAllProjectMcpServers"):
            out.append(Finding("CC-MCPALL", "MEDIUM", f"~/.claude.json [{proj}]", "enableAllProjectMcpServers"))
    for p in (claude_desktop_config(), HOME / ".cursor/mcp.json", CWD / ".cursor/mcp.json", CWD / ".mcp.json"):
        d = load_json(p)
        if d:
            check_mcp_servers(p, d.get("mcpServers", {}), out)
    check_codex(HOME / ".codex/config.toml", out)
    check_gemini(HOME / ".gemini/settings.json", out)
    check_token_modes(out)
    check_aliases(out)
    return out


def tightened(d: dict) -> dict:
    """Return a tightened copy of a Claude settings dict. Only removes/lowers permissions."""
    d = json.loads(json.dumps(d))
    perms = d.setdefault("permissions", {})
    if perms.get("defaultMode") == "bypassPermissions":
        perms["defaultMode"] = "default"
    perms["allow"] = [r for r in perms.get("allow", []) if r not in ("Bash", "Bash(*)", "Bash(:*)")]
    d.pop("skipDangerousModePermissionPrompt", None)
    d.pop("enableAllProjectMcpServers", None)
    return d


def fix(apply: bool) -> None:
    for p in (HOME / ".claude/settings.json", CWD / ".claude/settings.json", CWD / ".claude/settings.local.json"):
        d = load_json(p)
        if d is None:
            continue
        new = tightened(d)
        if new == d:
            continue
        a = json.dumps(redact(d), indent=2).splitlines(True)
        b = json.dumps(redact(new), indent=2).splitlines(True)
        sys.stdout.writelines(difflib.unified_diff(a, b, str(p), str(p) + " (tightened)"))
        if apply:
            bak = p.with_name(p.name + time.strftime(".bak-%Y%m%d%H%M%S"))
            shutil.copy2(p, bak)
            p.write_text(json.dumps(new, indent=2) + "\n")
            print(f"wrote {p} (backup {bak})")
    for p in (HOME / ".claude/.credentials.json", HOME / ".codex/auth.json", HOME / ".config/gh/hosts.yml"):
        if p.exists() and stat.S_IMODE(p.stat().st_mode) & 0o077:
            print(f"chmod 600 {p}" + ("" if apply else "  (dry run)"))
            if apply:
                p.chmod(0o600)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--fix", action="store_true", help="show tightening diff")
    ap.add_argument("--apply", action="store_true", help="with --fix: write changes (backup first)")
    a = ap.parse_args()
    if a.fix:
        fix(a.apply)
        return
    findings = audit()
    if a.json:
        print(json.dumps([asdict(f) for f in findings], indent=2))
        return
    if not findings:
        print("No risky settings found.")
    for f in sorted(findings, key=lambda f: (f.severity != "HIGH", f.id)):
        print(f"{f.severity:<7} {f.id:<12} {f.file}\n        {f.detail}")


if __name__ == "__main__":
    main()
