#!/usr/bin/env python3
"""Apply a YAML-described codemod to files matched by glob patterns."""

import argparse
import difflib
import re
import sys
from pathlib import Path

try:
    import yaml
except ImportError:
    sys.exit("pip install pyyaml")


def matched_files(root, include, exclude):
    files = set()
    for pat in include:
        files.update(p for p in root.glob(pat) if p.is_file())
    for pat in exclude or []:
        files.difference_update(root.glob(pat))
    return sorted(files)


def apply_rule(text, rule):
    kind = rule.get("kind", "regex")
    if kind == "regex":
        return re.subn(rule["find"], rule["replace"], text)
    if kind == "import-path":
        pat = re.compile(r"""(from\s+|import\s*\(\s*|require\(\s*)(['"])""" + re.escape(rule["from"]) + r"""\2""")
        return pat.subn(lambda m: f"{m.group(1)}{m.group(2)}{rule['to']}{m.group(2)}", text)
    raise ValueError(f"unknown rule kind: {kind}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("recipe")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--root", default=".")
    args = ap.parse_args()

    recipe = yaml.safe_load(Path(args.recipe).read_text())
    root = Path(args.root)
    files = matched_files(root, recipe["include"], recipe.get("exclude"))
    total = 0
    shown = 0
    for f in files:
        before = f.read_text(encoding="utf-8", errors="surrogateescape")
        after = before
        count = 0
        for rule in recipe["rules"]:
            after, n = apply_rule(after, rule)
            count += n
        if not count:
            continue
        total += count
        print(f"{count:5d}  {f}")
        if args.dry_run and shown < 5:
            sys.stdout.writelines(difflib.unified_diff(
                before.splitlines(True), after.splitlines(True), str(f), str(f)))
            shown += 1
        if not args.dry_run:
            f.write_text(after, encoding="utf-8", errors="surrogateescape")
    print(f"{'would change' if args.dry_run else 'changed'} {total} occurrence(s) in {recipe['name']}")


if __name__ == "__main__":
    main()
