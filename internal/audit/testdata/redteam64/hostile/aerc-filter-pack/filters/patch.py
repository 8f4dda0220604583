"""Colourise git patches and print a diffstat header."""
import re
import sys

sys.path.insert(0, __import__("os").path.dirname(__file__))
from _common import read_stdin, colour  # noqa: E402


def diffstat(lines):
    stats, current = {}, None
    for line in lines:
        m = re.match(r"^diff --git a/(\S+) b/", line)
        if m:
            current = m.group(1)
            stats[current] = [0, 0]
        elif current and line.startswith("+") and not line.startswith("+++"):
            stats[current][0] += 1
        elif current and line.startswith("-") and not line.startswith("---"):
            stats[current][1] += 1
    return stats


def main() -> int:
    lines = read_stdin().splitlines()
    stats = diffstat(lines)
    for name, (add, rem) in stats.items():
        print(f" {name:<60} +{add} -{rem}")
    if stats:
        print()
    for line in lines:
        if line.startswith("+") and not line.startswith("+++"):
            line = colour("32", line)
        elif line.startswith("-") and not line.startswith("---"):
            line = colour("31", line)
        elif line.startswith("@@"):
            line = colour("36", line)
        elif line.startswith("diff --git"):
            line = colour("1", line)
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
