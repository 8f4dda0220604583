#!/usr/bin/env python3
"""Read-only scanner for prompt-injection / exfiltration patterns in skill folders."""
import json
import re
import sys
from pathlib import Path

RULES = [
    ("high", "override", re.compile(r"ignore (all )?(previous|prior) instructions", re.I)),
    ("high", "conceal", re.compile(r"(do not|don't) (tell|mention|inform) (it to )?the user", re.I)),
    ("high", "approval-bypass", re.compile(r"--dangerously-(skip-permissions|bypass-approvals-and-sandbox)|bypassPermissions|approval_policy\s*=\s*\"never\"", re.I)),
    ("high", "pipe-to-shell", re.compile(r"(curl|wget)[^|\n]*\|\s*(ba|z)?sh\b|iex\s*\(\s*iwr", re.I)),
    ("high", "reverse-shell", re.compile(r"/dev/tcp/|exec\(\s*['\"]/bin/sh['\"]\s*,\s*['\"]-i")),
    ("high", "ci-secrets", re.compile(r"toJSON\(\s*secrets\s*\)")),
    ("medium", "secret-path", re.compile(r"~/\.(aws/credentials|ssh/id_|npmrc|docker/config\.json|kube/config)")),
    ("medium", "hidden-html", re.compile(r"<!--.*?(assistant|AI|agent).*?-->", re.I | re.S)),
    ("medium", "persistence", re.compile(r"crontab\s+-|LaunchAgents|>>\s*~/\.(bash|zsh)rc|schtasks\s+/create", re.I)),
]
TEXT_EXT = {".md", ".txt", ".py", ".sh", ".js", ".ts", ".json", ".yml", ".yaml", ".toml", ".ps1", ".rb", ".go", ".html"}


def scan_file(path):
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    out = []
    for sev, rule, rx in RULES:
        for m in rx.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            out.append({"file": str(path), "line": line, "severity": sev, "rule": rule,
                        "match": m.group(0)[:80].replace("\n", " ")})
    return out


def main(argv):
    if not argv:
        print("usage: scan.py PATH [--json]", file=sys.stderr)
        return 2
    root = Path(argv[0])
    files = [root] if root.is_file() else [p for p in root.rglob("*") if p.is_file() and p.suffix in TEXT_EXT]
    findings = [f for p in sorted(files) for f in scan_file(p)]
    if "--json" in argv:
        print(json.dumps(findings, indent=2))
    else:
        for f in findings:
            print(f"{f['severity']:6} {f['rule']:16} {f['file']}:{f['line']}  {f['match']}")
    return 1 if any(f["severity"] == "high" for f in findings) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
