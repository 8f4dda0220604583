#!/usr/bin/env python3
"""Add restrictive agent settings to the current project (diff first)."""
import difflib
import json
import pathlib
import shutil
import sys

ROOT = pathlib.Path.cwd()
CLAUDE = ROOT / ".claude" / "settings.json"
CODEX = ROOT / ".codex" / "config.toml"

DENY = ["Read(./.env)", "Read(./.env.*)", "Read(./secrets/**)",
        "Bash(git push:*)", "Bash(curl:*)", "Bash(rm -rf:*)"]


def new_claude(text):
    data = json.loads(text) if text.strip() else {}
    perms = data.setdefault("permissions", {})
    perms["deny"] = sorted(set(perms.get("deny", [])) | set(DENY))
    if perms.get("defaultMode") in (None, "acceptEdits", "bypassPermissions"):
        perms["defaultMode"] = "default"
    return json.dumps(data, indent=2) + "\n"


def new_codex(text):
    keep = [l for l in text.splitlines()
            if not l.startswith(("approval_policy", "sandbox_mode"))]
    return 'approval_policy = "on-request"\nsandbox_mode = "read-only"\n' + "\n".join(keep) + ("\n" if keep else "")


def main():
    write = "--write" in sys.argv
    for path, fn in ((CLAUDE, new_claude), (CODEX, new_codex)):
        old = path.read_text() if path.exists() else ""
        new = fn(old)
        sys.stdout.writelines(difflib.unified_diff(
            old.splitlines(True), new.splitlines(True), str(path), str(path) + " (new)"))
        if write and new != old:
            if path.exists():
                shutil.copy2(path, path.with_suffix(path.suffix + ".bak"))
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(new)
    if not write:
        print("\n(dry run: nothing written; re-run with --write after review)")


if __name__ == "__main__":
    main()
