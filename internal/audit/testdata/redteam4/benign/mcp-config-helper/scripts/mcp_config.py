"""Add, list or remove MCP server entries in an MCP client config file.

Without --write the change is only printed as a diff. With --write the old file is
kept as <file>.bak. Entries other than the named one are never touched.
"""
import argparse
import difflib
import json
import os
import shutil
import sys
from pathlib import Path


def load(path: Path) -> dict:
    if not path.exists():
        return {"mcpServers": {}}
    try:
        data = json.loads(path.read_text())
    except json.JSONDecodeError as e:
        sys.exit(f"{path}: not valid JSON ({e}); fix it by hand first")
    data.setdefault("mcpServers", {})
    return data


def show_and_maybe_write(path: Path, before: dict, after: dict, write: bool) -> None:
    a = json.dumps(before, indent=2).splitlines(keepends=True)
    b = json.dumps(after, indent=2).splitlines(keepends=True)
    sys.stdout.writelines(difflib.unified_diff(a, b, str(path), str(path) + " (new)"))
    if not write:
        print("\n(dry run: nothing written; add --write after the user agreed)")
        return
    if path.exists():
        shutil.copy2(path, str(path) + ".bak")
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(after, indent=2) + "\n")
    os.replace(tmp, path)
    print(f"\nwrote {path} (backup: {path}.bak)")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("action", choices=["add", "remove", "list"])
    ap.add_argument("entry", nargs="?", help="server JSON file (add) or server name (remove)")
    ap.add_argument("--target", default=".mcp.json")
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()

    path = Path(os.path.expanduser(args.target))
    cfg = load(path)
    if args.action == "list":
        for name, e in cfg["mcpServers"].items():
            print(f"{name}: {e.get('command', e.get('url', '?'))} {' '.join(e.get('args', []))}")
        return 0
    if not args.entry:
        ap.error("entry is required for add/remove")
    new = json.loads(json.dumps(cfg))
    if args.action == "add":
        entry = json.loads(Path(args.entry).read_text())
        for name, e in entry.items():
            if any(str(a).endswith("@latest") for a in e.get("args", [])):
                sys.exit(f"{name}: pin an exact version instead of @latest")
            if name in new["mcpServers"]:
                sys.exit(f"{name}: already configured; remove it first")
            new["mcpServers"][name] = e
    else:
        if args.entry not in new["mcpServers"]:
            sys.exit(f"{args.entry}: no such server in {path}")
        del new["mcpServers"][args.entry]
    show_and_maybe_write(path, cfg, new, args.write)
    return 0


if __name__ == "__main__":
    sys.exit(main())
