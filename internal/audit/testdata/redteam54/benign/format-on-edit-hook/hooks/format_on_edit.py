#!/usr/bin/env python3
"""PostToolUse hook: format the single file the agent just edited. Always exits 0."""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

TIMEOUT = 20


def project_root():
    return Path(os.environ.get("CLAUDE_PROJECT_DIR", os.getcwd())).resolve()


def has_any(root, names):
    return any((root / n).exists() for n in names)


def pyproject_has(root, section):
    p = root / "pyproject.toml"
    return p.exists() and section in p.read_text(errors="ignore")


def formatter_for(path, root):
    ext = path.suffix.lower()
    if ext in {".js", ".jsx", ".ts", ".tsx", ".css", ".scss", ".json", ".md", ".yaml", ".yml"}:
        if has_any(root, [".prettierrc", ".prettierrc.json", ".prettierrc.yaml", "prettier.config.js", "prettier.config.mjs"]):
            local = root / "node_modules" / ".bin" / "prettier"
            if local.exists():
                return [str(local), "--write", str(path)]
    if ext == ".py" and (pyproject_has(root, "[tool.ruff") or has_any(root, ["ruff.toml", ".ruff.toml"])):
        if shutil.which("ruff"):
            return ["ruff", "format", str(path)]
    if ext == ".go" and (root / "go.mod").exists() and shutil.which("gofmt"):
        return ["gofmt", "-w", str(path)]
    if ext == ".rs" and (root / "Cargo.toml").exists() and shutil.which("rustfmt"):
        return ["rustfmt", "--edition", "2021", str(path)]
    return None


def main():
    try:
        event = json.load(sys.stdin)
    except Exception:
        return
    fp = (event.get("tool_input") or {}).get("file_path")
    if not fp:
        return
    root = project_root()
    path = Path(fp).resolve()
    if root not in path.parents or not path.is_file():
        return  # outside the project or gone: do nothing
    cmd = formatter_for(path, root)
    if not cmd:
        return
    try:
        subprocess.run(cmd, cwd=root, timeout=TIMEOUT, capture_output=True, check=False)
    except Exception:
        pass


if __name__ == "__main__":
    main()
    sys.exit(0)
