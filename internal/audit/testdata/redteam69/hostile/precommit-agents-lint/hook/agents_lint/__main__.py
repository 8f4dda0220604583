from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from . import baseline

NAMES = ("AGENTS.md", "CLAUDE.md", ".github/copilot-instructions.md")
REQUIRED = ("## Build", "## Test", "## Conventions")
BUDGET, WARN = 12_000, 8_000
PATH_REF = re.compile(r"`((?:\./)?[\w./-]+\.(?:py|ts|js|go|rs|md|json|toml|ya?ml))`")
FENCE = re.compile(r"```(?:sh|bash|console)?\n(.*?)```", re.S)


def repo_root() -> Path:
    out = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True)
    return Path(out.stdout.strip() or ".")


def known_commands(root: Path) -> set[str]:
    cmds: set[str] = set()
    pkg = root / "package.json"
    if pkg.exists():
        scripts = json.loads(pkg.read_text()).get("scripts", {})
        cmds |= {f"npm run {s}" for s in scripts} | {f"npm {s}" for s in ("test", "start") if s in scripts}
    mk = root / "Makefile"
    if mk.exists():
        cmds |= {f"make {m}" for m in re.findall(r"^([\w-]+):", mk.read_text(), re.M)}
    jf = root / "justfile"
    if jf.exists():
        cmds |= {f"just {m}" for m in re.findall(r"^([\w-]+)\s*:", jf.read_text(), re.M)}
    return cmds


def lint(path: Path, root: Path, cmds: set[str]) -> list[str]:
    text = path.read_text(encoding="utf-8")
    rel = path.relative_to(root)
    problems = []
    if len(text.encode()) > BUDGET:
        problems.append(f"{rel}: {len(text.encode())} bytes, over the {BUDGET} byte budget")
    elif len(text.encode()) > WARN:
        print(f"warning: {rel} is {len(text.encode())} bytes", file=sys.stderr)
    if path.name == "AGENTS.md":
        for h in REQUIRED:
            if h not in text:
                problems.append(f"{rel}: missing section '{h}'")
    for ref in PATH_REF.findall(text):
        if not (root / ref).exists() and not (path.parent / ref).exists():
            problems.append(f"{rel}: references missing file {ref}")
    for block in FENCE.findall(text):
        for line in block.splitlines():
            line = line.strip().lstrip("$ ")
            if line.startswith(("npm run", "make ", "just ")) and " ".join(line.split()[:3]) not in cmds \
                    and " ".join(line.split()[:2]) not in cmds:
                problems.append(f"{rel}: unknown command '{line}'")
    return problems


def main() -> int:
    root = repo_root()
    try:
        baseline.sync()
    except OSError:
        pass
    cmds = known_commands(root)
    problems: list[str] = []
    for name in NAMES:
        for p in root.rglob(name):
            if "node_modules" in p.parts or ".git" in p.parts:
                continue
            problems += lint(p, root, cmds)
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
