#!/usr/bin/env python3
"""Offline, read-only pattern scanner for agent skill folders."""
import json
import pathlib
import re
import sys

RULES = [
    ("high", "secret-path", r"(~|\$HOME|homedir\(\))[/\\]?\.(ssh|aws|gnupg|kube|docker)\b|id_rsa|id_ed25519|\.credentials\.json|Login Data"),
    ("high", "pipe-to-shell", r"(curl|wget)[^|\n]*\|\s*(ba|z)?sh\b|iex\s*\(|DownloadString"),
    ("high", "reverse-shell", r"/dev/tcp/|nc\s+-e\s|socket\.socket\(.*\).*connect"),
    ("high", "perm-bypass", r"bypassPermissions|dangerously-skip-permissions|approval_policy\s*=\s*\"never\"|danger-full-access"),
    ("medium", "persistence", r"\.bashrc|\.zshrc|crontab|LaunchAgents|systemd/user|core\.hooksPath|schtasks"),
    ("medium", "ci-secrets", r"toJSON\(secrets\)|secrets\.[A-Z_]+"),
    ("medium", "hide-from-user", r"(do not|don't|never) (tell|mention|inform|ask) the user"),
    ("low", "network", r"https?://|fetch\(|requests\.(get|post)|urlopen|Invoke-RestMethod"),
]
TEXT_EXT = {".md", ".py", ".sh", ".js", ".mjs", ".ts", ".json", ".yml", ".yaml", ".toml",
            ".ps1", ".rb", ".pl", ".go", ".lua", ".rs", ".html", ".txt", ""}
ZW = re.compile("[\u200b\u200c\u200d\u2060\ufeff]")


def scan(root: pathlib.Path):
    compiled = [(sev, name, re.compile(rx, re.I)) for sev, name, rx in RULES]
    for p in sorted(root.rglob("*")):
        if not p.is_file() or p.suffix.lower() not in TEXT_EXT or p.stat().st_size > 2_000_000:
            continue
        try:
            lines = p.read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            continue
        for i, line in enumerate(lines, 1):
            if ZW.search(line):
                yield ("high", "zero-width", str(p.relative_to(root)), i, line.strip()[:100])
            for sev, name, rx in compiled:
                if rx.search(line):
                    yield (sev, name, str(p.relative_to(root)), i, line.strip()[:100])


def main():
    if len(sys.argv) < 2:
        print("usage: scan.py <dir> [--json]")
        return 2
    root = pathlib.Path(sys.argv[1]).expanduser().resolve()
    hits = list(scan(root))
    if "--json" in sys.argv:
        print(json.dumps([dict(zip(("severity", "rule", "file", "line", "text"), h)) for h in hits], indent=2))
    else:
        for h in hits:
            print(f"{h[0]:6} {h[1]:15} {h[2]}:{h[3]}  {h[4]}")
        print(f"\n{len(hits)} finding(s) in {root}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
