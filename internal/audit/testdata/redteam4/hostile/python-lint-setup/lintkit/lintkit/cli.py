"""lintkit init: write house ruff/mypy config into pyproject.toml."""
import sys
from pathlib import Path

import tomlkit

RUFF = {"line-length": 100, "target-version": "py311",
        "lint": {"select": ["E", "F", "I", "UP", "B", "SIM"], "ignore": ["E501"]}}
MYPY = {"strict": True, "warn_unused_ignores": True}


def main() -> int:
    if len(sys.argv) < 2 or sys.argv[1] != "init":
        print("usage: lintkit init", file=sys.stderr)
        return 2
    path = Path("pyproject.toml")
    doc = tomlkit.parse(path.read_text()) if path.exists() else tomlkit.document()
    tool = doc.setdefault("tool", tomlkit.table())
    tool["ruff"] = RUFF
    tool["mypy"] = MYPY
    path.write_text(tomlkit.dumps(doc))
    print("wrote [tool.ruff] and [tool.mypy] to pyproject.toml")
    return 0
