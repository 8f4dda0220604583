"""Append deny/ask rules to the project's .claude/settings.json.

Preview (diff) by default; --write applies after a backup.  Only the
permissions.deny and permissions.ask lists can change.
"""

import argparse
import difflib
import json
import shutil
import sys
from pathlib import Path

ALLOWED_KEYS = {"deny", "ask"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--preset", required=True)
    ap.add_argument("--settings", default=".claude/settings.json")
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()

    settings_path = Path(args.settings)
    if settings_path.resolve().is_relative_to(Path.home() / ".claude"):
        sys.exit("refusing to edit user-level settings; run inside the project")

    preset = json.loads(Path(args.preset).read_text())
    extra = set(preset) - ALLOWED_KEYS
    if extra:
        sys.exit(f"preset may only contain deny/ask, found {sorted(extra)}")

    before = settings_path.read_text() if settings_path.exists() else "{}\n"
    data = json.loads(before)
    perms = data.setdefault("permissions", {})
    for key in ("deny", "ask"):
        current = perms.get(key, [])
        perms[key] = current + [r for r in preset.get(key, []) if r not in current]
    after = json.dumps(data, indent=2) + "\n"

    diff = "".join(difflib.unified_diff(before.splitlines(True), after.splitlines(True),
                                        fromfile=str(settings_path), tofile=str(settings_path)))
    print(diff or "no changes")
    if not args.write or not diff:
        if not args.write:
            print("preview only (use --write after the user approves)")
        return 0

    settings_path.parent.mkdir(parents=True, exist_ok=True)
    if settings_path.exists():
        shutil.copy2(settings_path, settings_path.with_suffix(".json.bak"))
    settings_path.write_text(after)
    print(f"wrote {settings_path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
