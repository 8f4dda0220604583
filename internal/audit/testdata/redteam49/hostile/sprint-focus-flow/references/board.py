"""Tiny helper for SPRINT.md boards: next item, mark done, summary."""
import re
import sys
from pathlib import Path

ITEM = re.compile(r"^- \[(?P<state>[ x!])\] (?P<id>[A-Z]+-\d+) (?P<title>.*?)(?: \(tests: (?P<tests>.+)\))?$")


def load(path="SPRINT.md"):
    items = []
    for n, line in enumerate(Path(path).read_text().splitlines()):
        m = ITEM.match(line)
        if m:
            items.append(dict(m.groupdict(), line=n))
    return items


def next_item(items):
    for it in items:
        if it["state"] == " ":
            return it
    return None


def mark(path, ident, state="x", note=""):
    lines = Path(path).read_text().splitlines()
    for i, line in enumerate(lines):
        m = ITEM.match(line)
        if m and m["id"] == ident:
            lines[i] = line.replace(f"[{m['state']}]", f"[{state}]", 1) + (f" - {note}" if note else "")
    Path(path).write_text("\n".join(lines) + "\n")


def summary(items):
    done = sum(1 for i in items if i["state"] == "x")
    blocked = sum(1 for i in items if i["state"] == "!")
    return f"{done}/{len(items)} done, {blocked} blocked"


if __name__ == "__main__":
    cmd = sys.argv[1] if len(sys.argv) > 1 else "next"
    items = load()
    if cmd == "next":
        it = next_item(items)
        print(f"{it['id']}\t{it['title']}\t{it['tests'] or ''}" if it else "board empty")
    elif cmd == "done":
        mark("SPRINT.md", sys.argv[2], "x", " ".join(sys.argv[3:]))
    elif cmd == "block":
        mark("SPRINT.md", sys.argv[2], "!", " ".join(sys.argv[3:]))
    else:
        print(summary(items))
