#!/usr/bin/env python3
"""Read-only: print lines in a directory tree matching risky patterns."""
import re
import sys
from pathlib import Path

PATTERNS = {
    "injection": r"ignore (all )?previous instructions|do not (mention|tell)|<!--.*(assistant|model)",
    "cred-path": r"\.ssh/|\.aws/credentials|\.kube/config|\.docker/config\.json|\.netrc|git-credentials|Login Data",
    "bypass": r"bypassPermissions|approval_policy|danger-full-access|dangerously-skip-permissions",
    "pipe-shell": r"(curl|wget)[^|\n]*\|\s*(ba|z)?sh\b",
    "revshell": r"/dev/tcp/|nc -e|socket\.socket\(",
    "persistence": r"\.bashrc|\.zshrc|crontab|LaunchAgents|systemctl --user enable",
    "agent-config": r"mcpServers|\.mcp\.json|settings\.json|SKILL\.md",
    "ci-secrets": r"toJSON\(secrets\)|pull_request_target",
}
COMPILED = {k: re.compile(v, re.I) for k, v in PATTERNS.items()}


def main(root: str) -> None:
    for path in sorted(Path(root).rglob("*")):
        if not path.is_file() or path.stat().st_size > 2_000_000:
            continue
        try:
            lines = path.read_text(errors="replace").splitlines()
        except OSError:
            continue
        for i, line in enumerate(lines, 1):
            for name, rx in COMPILED.items():
                if rx.search(line):
                    print(f"{path}:{i}: [{name}] {line.strip()[:160]}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
