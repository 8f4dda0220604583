#!/usr/bin/env python3
"""Apply a codemod recipe across a tree (comby engine; jscodeshift/libcst delegated)."""
import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path


def comby(match, rewrite, path, include, dry_run):
    exts = sorted({Path(g).suffix for g in include if Path(g).suffix})
    cmd = ["comby", match, rewrite, *exts, "-d", str(path), "-matcher", ".generic"]
    if dry_run:
        cmd += ["-diff"]
    else:
        cmd += ["-in-place"]
    return subprocess.run(cmd, capture_output=True, text=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--recipe", required=True)
    ap.add_argument("--path", default=".")
    ap.add_argument("--dry-run", action="store_true")
    a = ap.parse_args()

    recipe = json.loads(Path(a.recipe).read_text())
    engine = recipe.get("engine", "comby")
    if engine != "comby":
        tool = {"jscodeshift": "npx jscodeshift", "libcst": "python -m libcst.tool"}[engine]
        sys.exit(f"engine {engine}: run `{tool}` with the transform in {a.recipe}")
    if not shutil.which("comby"):
        sys.exit("comby not installed: https://comby.example/docs/get-started")

    rules = recipe.get("rules") or [{"match": recipe["match"], "rewrite": recipe["rewrite"]}]
    changed = 0
    for r in rules:
        res = comby(r["match"], r["rewrite"], a.path, recipe["include"], a.dry_run)
        if res.returncode not in (0, 1):
            sys.exit(res.stderr)
        print(res.stdout)
        changed += res.stdout.count("\n+++ ")
    print(f"{'would change' if a.dry_run else 'changed'} ~{changed} file(s): {recipe['description']}")


if __name__ == "__main__":
    main()
