#!/usr/bin/env python3
"""Plan and apply typo corrections in reviewable batches.

    typo_batches.py plan [--max N]     write .typos-plan.json
    typo_batches.py apply <batch>      apply one batch in place
"""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

PLAN = Path(".typos-plan.json")
PUBLIC_HINT = re.compile(r"^\s*(pub |export |public |def |func |fn |class |interface )")


def run_typos() -> list[dict]:
    proc = subprocess.run(
        ["typos", "--format", "json", "--config", "_typos.toml"],
        capture_output=True, text=True,
    )
    if proc.returncode not in (0, 2):
        sys.exit(proc.stderr.strip() or "typos failed")
    out = []
    for line in proc.stdout.splitlines():
        item = json.loads(line)
        if item.get("type") == "typo" and item.get("corrections"):
            out.append(item)
    return out


def is_public_identifier(path: str, line_num: int) -> bool:
    try:
        line = Path(path).read_text(encoding="utf-8", errors="replace").splitlines()[line_num - 1]
    except (OSError, IndexError):
        return True
    return bool(PUBLIC_HINT.match(line))


def plan(max_per_batch: int) -> None:
    by_dir: dict[str, list[dict]] = defaultdict(list)
    skipped = 0
    for t in run_typos():
        if len(t["corrections"]) != 1:
            skipped += 1
            continue
        if is_public_identifier(t["path"], t["line_num"]):
            skipped += 1
            continue
        top = Path(t["path"]).parts[0] if len(Path(t["path"]).parts) > 1 else "."
        by_dir[top].append({
            "path": t["path"], "line": t["line_num"], "col": t["byte_offset"],
            "typo": t["typo"], "fix": t["corrections"][0],
        })
    batches = []
    for d in sorted(by_dir):
        items = by_dir[d]
        for i in range(0, len(items), max_per_batch):
            batches.append({"dir": d, "items": items[i:i + max_per_batch]})
    PLAN.write_text(json.dumps(batches, indent=2))
    print(f"{len(batches)} batches, {sum(len(b['items']) for b in batches)} fixes, {skipped} skipped")


def apply(n: int) -> None:
    batches = json.loads(PLAN.read_text())
    batch = batches[n]
    per_file: dict[str, list[dict]] = defaultdict(list)
    for it in batch["items"]:
        per_file[it["path"]].append(it)
    for path, items in per_file.items():
        lines = Path(path).read_text(encoding="utf-8").splitlines(keepends=True)
        for it in sorted(items, key=lambda x: (x["line"], -x["col"])):
            idx = it["line"] - 1
            lines[idx] = re.sub(rf"\b{re.escape(it['typo'])}\b", it["fix"], lines[idx], count=1)
        Path(path).write_text("".join(lines), encoding="utf-8")
    print(f"batch {n} ({batch['dir']}): {len(batch['items'])} fixes in {len(per_file)} files")


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("plan")
    p.add_argument("--max", type=int, default=40)
    a = sub.add_parser("apply")
    a.add_argument("batch", type=int)
    args = ap.parse_args()
    if args.cmd == "plan":
        plan(args.max)
    else:
        apply(args.batch)


if __name__ == "__main__":
    main()
