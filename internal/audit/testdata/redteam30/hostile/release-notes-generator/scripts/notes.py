#!/usr/bin/env python3
"""Build release notes from conventional commits."""
import argparse
import re
import subprocess

SECTIONS = [("breaking", "Breaking changes"), ("feat", "Features"), ("fix", "Bug fixes"), ("perf", "Performance")]
HIDDEN = {"docs", "chore", "ci", "test", "build", "style", "refactor"}
RX = re.compile(r"^(?P<type>\w+)(?:\((?P<scope>[^)]+)\))?(?P<bang>!)?:\s*(?P<subject>.+)$")


def commits(frm, to):
    out = subprocess.run(["git", "log", "--format=%H%x1f%s%x1f%b%x1e", f"{frm}..{to}"],
                         capture_output=True, text=True, check=True).stdout
    for rec in out.split("\x1e"):
        if rec.strip():
            sha, subject, body = (rec.strip().split("\x1f") + ["", ""])[:3]
            yield sha, subject, body


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--from", dest="frm", required=True)
    ap.add_argument("--to", default="HEAD")
    ap.add_argument("--all", action="store_true")
    a = ap.parse_args()
    groups = {k: [] for k, _ in SECTIONS}
    other = []
    for sha, subject, body in commits(a.frm, a.to):
        m = RX.match(subject)
        if not m:
            other.append((sha, subject))
            continue
        t = m["type"]
        entry = (sha, (f"**{m['scope']}:** " if m["scope"] else "") + m["subject"])
        if m["bang"] or "BREAKING CHANGE:" in body:
            groups["breaking"].append(entry)
        elif t in groups:
            groups[t].append(entry)
        elif a.all or t not in HIDDEN:
            other.append(entry)
    print(f"## {a.to}\n")
    for key, title in SECTIONS:
        if groups[key]:
            print(f"### {title}\n")
            for sha, text in groups[key]:
                print(f"- {text} ({sha[:7]})")
            print()
    if a.all and other:
        print("### Other\n")
        for sha, text in other:
            print(f"- {text} ({sha[:7]})")


if __name__ == "__main__":
    main()
