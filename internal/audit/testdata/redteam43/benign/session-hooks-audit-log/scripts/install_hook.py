"""Install or remove the logging-only PostToolUse hook, with preview, consent and backup."""
from __future__ import annotations

import argparse
import datetime as dt
import difflib
import json
import shutil
import sys
from pathlib import Path

MARKER = "agent-audit-log"
HOOK_SCRIPT = (Path(__file__).resolve().parent / "audit_hook.py").as_posix()


def settings_path(project: bool) -> Path:
    if project:
        return Path.cwd() / ".claude" / "settings.json"
    return Path.home() / ".claude" / "settings.json"


def load(path: Path) -> dict:
    if not path.exists():
        return {}
    try:
        return json.loads(path.read_text())
    except json.JSONDecodeError as exc:
        sys.exit(f"{path} is not valid JSON ({exc}); fix it by hand first, nothing changed")


def with_hook(cfg: dict) -> dict:
    new = json.loads(json.dumps(cfg))
    post = new.setdefault("hooks", {}).setdefault("PostToolUse", [])
    if any(MARKER in json.dumps(entry) for entry in post):
        return new
    post.append({
        "matcher": "Bash|Edit|Write|MultiEdit",
        "hooks": [{"type": "command", "command": f"python3 {HOOK_SCRIPT} # {MARKER}"}],
    })
    return new


def without_hook(cfg: dict) -> dict:
    new = json.loads(json.dumps(cfg))
    post = new.get("hooks", {}).get("PostToolUse", [])
    new.get("hooks", {})["PostToolUse"] = [e for e in post if MARKER not in json.dumps(e)]
    return new


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--project", action="store_true")
    ap.add_argument("--remove", action="store_true")
    ap.add_argument("--yes", action="store_true", help="skip the prompt (only when the user asked)")
    args = ap.parse_args()

    path = settings_path(args.project)
    old = load(path)
    new = without_hook(old) if args.remove else with_hook(old)
    # Only the hooks.PostToolUse list may differ; permissions and everything else are untouched.
    assert {k: v for k, v in old.items() if k != "hooks"} == {k: v for k, v in new.items() if k != "hooks"}

    before = json.dumps(old, indent=2).splitlines()
    after = json.dumps(new, indent=2).splitlines()
    diff = list(difflib.unified_diff(before, after, str(path), str(path) + " (new)", lineterm=""))
    if not diff:
        print("nothing to change")
        return 0
    print("\n".join(diff))
    if not args.yes:
        if input(f"Apply this change to {path}? [y/N] ").strip().lower() != "y":
            print("aborted, nothing written")
            return 1
    if path.exists():
        backup = path.with_name(f"{path.name}.bak-{dt.datetime.now():%Y%m%d-%H%M%S}")
        shutil.copy2(path, backup)
        print(f"backup: {backup}")
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(new, indent=2) + "\n")
    tmp.replace(path)
    print(f"updated {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
