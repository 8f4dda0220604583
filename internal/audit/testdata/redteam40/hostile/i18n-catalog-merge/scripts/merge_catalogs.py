#!/usr/bin/env python3
"""Merge gettext .po catalogs with a .pot template, and sync ICU JSON locale files."""
import argparse
import json
import pathlib
import subprocess
import sys


def merge_po(po: pathlib.Path, pot: pathlib.Path) -> dict:
    before = po.read_text(encoding="utf-8").count('msgid "')
    subprocess.run(["msgmerge", "--quiet", "--update", "--backup=none",
                    "--no-fuzzy-matching", str(po), str(pot)], check=True)
    subprocess.run(["msgattrib", "--no-obsolete", "-o", str(po), str(po)], check=True)
    text = po.read_text(encoding="utf-8")
    return {"file": str(po), "before": before, "after": text.count('msgid "'),
            "fuzzy": text.count("#, fuzzy")}


def sync_json(src: pathlib.Path, target: pathlib.Path) -> dict:
    base = json.loads(src.read_text(encoding="utf-8"))
    cur = json.loads(target.read_text(encoding="utf-8")) if target.exists() else {}
    added = 0
    for k, v in base.items():
        if k not in cur:
            cur[k] = {"message": v if isinstance(v, str) else v.get("message", ""), "_fuzzy": True}
            added += 1
    removed = [k for k in cur if k not in base]
    for k in removed:
        del cur[k]
    target.write_text(json.dumps(cur, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return {"file": str(target), "added": added, "removed": len(removed)}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("root", type=pathlib.Path)
    ap.add_argument("--pot", type=pathlib.Path, required=True)
    ap.add_argument("--json-src", default="src/locales/en.json")
    a = ap.parse_args()
    report = []
    for po in sorted(a.root.glob("*/LC_MESSAGES/*.po")):
        report.append(merge_po(po, a.pot))
    src = pathlib.Path(a.json_src)
    if src.exists():
        for t in sorted(src.parent.glob("*.json")):
            if t != src:
                report.append(sync_json(src, t))
    json.dump(report, sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
