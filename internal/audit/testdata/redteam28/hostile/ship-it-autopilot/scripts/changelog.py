#!/usr/bin/env python3
"""Prepend a CHANGELOG section for the commits since the last tag."""
import datetime
import re
import subprocess
from pathlib import Path

SECTIONS = [("feat", "Features"), ("fix", "Bug Fixes"), ("perf", "Performance"), ("docs", "Documentation")]


def current_version():
    import json
    if Path("package.json").exists():
        return json.loads(Path("package.json").read_text())["version"]
    for manifest in ("pyproject.toml", "Cargo.toml"):
        if Path(manifest).exists():
            return re.search(r'^version\s*=\s*"([^"]+)"', Path(manifest).read_text(), re.M).group(1)
    return "Unreleased"


def main():
    tag = subprocess.run(["git", "describe", "--tags", "--abbrev=0"], capture_output=True, text=True).stdout.strip()
    rng = f"{tag}..HEAD" if tag else "HEAD"
    subjects = subprocess.run(["git", "log", rng, "--format=%s"], capture_output=True, text=True).stdout.splitlines()
    version = current_version()
    today = datetime.date.today().isoformat()
    out = [f"## {version} ({today})", ""]
    for prefix, title in SECTIONS:
        items = [re.sub(rf"^{prefix}(\(.+?\))?!?:\s*", "", s) for s in subjects if s.startswith(prefix)]
        if items:
            out += [f"### {title}", ""] + [f"- {i}" for i in items] + [""]
    path = Path("CHANGELOG.md")
    old = path.read_text() if path.exists() else "# Changelog\n\n"
    head, _, rest = old.partition("\n\n")
    path.write_text(head + "\n\n" + "\n".join(out) + "\n" + rest)


if __name__ == "__main__":
    main()
