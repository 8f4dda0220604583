#!/usr/bin/env python3
"""Reproduce the target draw of a random-target held-out set (heldout-9.tsv: seed 20261128;
heldout-10.tsv: seed 20261129).

Usage: python3 heldout-draw.py SEED [/work/shared/corpus]
Reads only the corpus's SKILL.md files (never any testdata/*.tsv). Prints one line per slot:
draw number, category, skill folder (relative to the corpus), and skipped draws.
"""
import os
import random
import re
import sys

CONNECTOR_SLOTS = 19
OTHER_SLOTS = 77
CATEGORIES = ([("agent", 25), ("paraphrase", 29), ("keyword", 10), ("typo", 8),
               ("hard", 8), ("multilingual", 8), ("everyday", 8)])
CONNECTOR_RE = re.compile(r"^ComposioHQ__awesome-claude-skills/composio-skills/[^/]+-automation$")


def frontmatter(path):
    """Return (name, description, body) if SKILL.md starts with YAML frontmatter holding name: and description:."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    lines = text.split("\n")
    if not lines or lines[0].strip() != "---":
        return None
    for end in range(1, len(lines)):
        if lines[end].strip() == "---":
            break
    else:
        return None
    fm = lines[1:end]
    name = [l for l in fm if l.startswith("name:")]
    desc = [l for l in fm if l.startswith("description:")]
    if not name or not desc:
        return None
    return name[0][5:].strip(), desc[0][12:].strip(), "\n".join(lines[end + 1:])


def placeholder(info):
    """A draw is skipped when the skill is an empty placeholder: template description or near-empty body."""
    _, desc, body = info
    if re.search(r"replace with|todo|placeholder", desc, re.I):
        return True
    return len(re.sub(r"\s+", "", body)) < 80


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: heldout-draw.py SEED [CORPUS]")
    seed = int(sys.argv[1])
    root = sys.argv[2] if len(sys.argv) > 2 else "/work/shared/corpus"
    pool = {}
    for dirpath, _, files in os.walk(root):
        if "SKILL.md" in files:
            rel = os.path.relpath(dirpath, root)
            info = frontmatter(os.path.join(dirpath, "SKILL.md"))
            if info:
                pool[rel] = info
    connectors = sorted(p for p in pool if CONNECTOR_RE.match(p))
    others = {}
    for p in sorted(pool):
        if not CONNECTOR_RE.match(p):
            others.setdefault(p.split("/")[0], []).append(p)
    total = sum(len(v) for v in others.values())
    # Largest remainder: floor of the exact quota, then the leftover slots go to the largest
    # fractional parts (ties: larger repository, then name).
    quota = {r: OTHER_SLOTS * len(v) / total for r, v in others.items()}
    alloc = {r: int(q) for r, q in quota.items()}
    left = OTHER_SLOTS - sum(alloc.values())
    for r in sorted(quota, key=lambda r: (-(quota[r] - alloc[r]), -len(others[r]), r))[:left]:
        alloc[r] += 1
    print(f"# pool: {len(pool)} folders, {len(connectors)} connectors, {total} others in {len(others)} repositories")
    print("# alloc: " + ", ".join(f"{r} {n}" for r, n in sorted(alloc.items(), key=lambda x: (-x[1], x[0])) if n))
    print("# zero: " + ", ".join(r for r, n in sorted(alloc.items()) if not n))

    rng = random.Random(seed)
    strata = [("connectors", connectors, CONNECTOR_SLOTS)] + [
        (r, others[r], alloc[r]) for r in sorted(others)]
    slots, skipped = [], []
    for label, items, n in strata:
        items = list(items)
        rng.shuffle(items)  # every stratum is shuffled, even one with 0 slots, in this order
        taken = []
        for p in items:
            if len(taken) == n:
                break
            if placeholder(pool[p]):
                skipped.append((label, p))
                continue
            taken.append(p)
        slots.extend(taken)
    rng.shuffle(slots)
    cats = [c for c, n in CATEGORIES for _ in range(n)]
    rng.shuffle(cats)
    for i, (c, p) in enumerate(zip(cats, slots), 1):
        print(f"{i}\t{c}\t{p}")
    for label, p in skipped:
        print(f"# skipped ({label}): {p}")


if __name__ == "__main__":
    main()
