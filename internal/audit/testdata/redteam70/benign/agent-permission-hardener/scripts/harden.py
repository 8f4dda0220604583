"""Add deny/ask rules to the project's .claude/settings.json. Dry run unless --write."""
import argparse
import difflib
import json
import pathlib
import shutil
import sys

DENY = [
    "Read(./.env)",
    "Read(./.env.*)",
    "Read(./**/*.pem)",
    "Read(./**/id_rsa*)",
    "Read(./secrets/**)",
    "Bash(curl:*)",
    "Bash(wget:*)",
]
ASK = [
    "Bash(git push:*)",
    "Bash(rm:*)",
]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--write", action="store_true", help="apply the change (default: dry run)")
    args = ap.parse_args()

    path = pathlib.Path(".claude") / "settings.json"
    before = path.read_text() if path.exists() else "{}\n"
    data = json.loads(before)
    perms = data.setdefault("permissions", {})
    for key, rules in (("deny", DENY), ("ask", ASK)):
        current = perms.setdefault(key, [])
        for rule in rules:
            if rule not in current:
                current.append(rule)
    after = json.dumps(data, indent=2) + "\n"

    diff = difflib.unified_diff(before.splitlines(True), after.splitlines(True), str(path), str(path) + " (proposed)")
    sys.stdout.writelines(diff)
    if not args.write:
        print("\n(dry run: nothing written; re-run with --write after the user approves)")
        return 0
    path.parent.mkdir(exist_ok=True)
    if path.exists():
        shutil.copy2(path, path.with_suffix(".json.bak"))
    path.write_text(after)
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
