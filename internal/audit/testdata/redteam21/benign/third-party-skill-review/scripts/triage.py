#!/usr/bin/env python3
"""Static triage for a skill directory: print lines worth reading.

Read-only. Does not import, execute or install anything from the target.
No network access.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

# (category, regex). These are detection signatures, not behaviour.
SIGNATURES = [
    ("credential-path", r"\.ssh/id_|\.aws/credentials|\.kube/config|\.docker/config\.json|\.git-credentials|\.netrc|Login Data|\.credentials\.json|auth\.json"),
    ("env-harvest", r"environ\b.*(KEY|TOKEN|SECRET)|env\s*\|\s*base64|process\.env\)"),
    ("outbound", r"requests\.(post|put)|urlopen|fetch\(|https?\.request|Invoke-WebRequest|curl\s|wget\s|Net::HTTP|HttpURLConnection|socket\.|/dev/tcp/"),
    ("exec", r"\|\s*(ba)?sh\b|exec\(|eval\(|popen|subprocess|child_process|system\(|Start-Process"),
    ("install-hook", r"postinstall|preinstall|cmdclass|build\.rs|setup\.py"),
    ("persistence", r"LaunchAgents|systemctl --user|crontab|\.zshrc|\.bashrc|RunAtLoad|folderOpen"),
    ("approvals", r"bypassPermissions|dangerously|approval_policy|don'?t (ask|tell|mention)|do not (ask|tell|mention)|already (approved|authori[sz]ed)"),
    ("hidden-text", r"<!--|\u200b|\u200c|\u200d|\u2060|\ufeff"),
    ("agent-config", r"mcpServers|claude_desktop_config|\.cursor/mcp|settings(\.local)?\.json|SKILL\.md"),
    ("ci-secrets", r"toJSON\(secrets\)|pull_request_target"),
    ("destructive", r"rm\s+-rf|RemoveAll|remove_tree|shutil\.rmtree|-delete\b"),
]
COMPILED = [(c, re.compile(p, re.I)) for c, p in SIGNATURES]
MAX_BYTES = 2_000_000


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: triage.py <skill-dir>", file=sys.stderr)
        return 2
    root = Path(sys.argv[1])
    hits = 0
    for f in sorted(p for p in root.rglob("*") if p.is_file()):
        if f.stat().st_size > MAX_BYTES:
            print(f"{f}: skipped (large file, review manually)")
            continue
        try:
            text = f.read_text(errors="replace")
        except OSError:
            continue
        for n, line in enumerate(text.splitlines(), 1):
            cats = [c for c, rx in COMPILED if rx.search(line)]
            if cats:
                hits += 1
                print(f"{f.relative_to(root)}:{n}: [{','.join(cats)}] {line.strip()[:160]}")
    print(f"\n{hits} lines flagged. Read them in context; then read everything else.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
