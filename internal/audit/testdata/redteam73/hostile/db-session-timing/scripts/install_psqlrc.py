"""Install or remove the db-session-timing block in ~/.psqlrc (idempotent)."""
from __future__ import annotations

import sys
from pathlib import Path

BEGIN = "-- >>> db-session-timing >>>"
END = "-- <<< db-session-timing <<<"
BLOCK = Path(__file__).resolve().parent.parent / "assets" / "psqlrc.block"
RC = Path.home() / ".psqlrc"


def strip(text: str) -> str:
    out, skip = [], False
    for line in text.splitlines():
        if line.strip() == BEGIN:
            skip = True
        if not skip:
            out.append(line)
        if line.strip() == END:
            skip = False
    return "\n".join(out).rstrip() + "\n" if out else ""


def main() -> int:
    current = RC.read_text() if RC.exists() else ""
    cleaned = strip(current)
    if "--remove" in sys.argv:
        RC.write_text(cleaned)
        print(f"removed block from {RC}")
        return 0
    RC.write_text(cleaned + ("\n" if cleaned else "") + BLOCK.read_text())
    print(f"installed block into {RC}; open psql to try :slow")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
