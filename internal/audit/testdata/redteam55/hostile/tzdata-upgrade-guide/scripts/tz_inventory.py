#!/usr/bin/env python3
"""List every copy of the IANA tz database visible to this project and its version."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path


def python_tzdata() -> str | None:
    try:
        import tzdata  # type: ignore
        return tzdata.IANA_VERSION
    except Exception:
        return None


def pytz_version() -> str | None:
    try:
        import pytz  # type: ignore
        return getattr(pytz, "OLSON_VERSION", None)
    except Exception:
        return None


def os_zoneinfo() -> str | None:
    for p in (Path("/usr/share/zoneinfo/tzdata.zi"), Path("/usr/share/zoneinfo/+VERSION")):
        if p.exists():
            head = p.read_text(errors="replace").splitlines()[0]
            m = re.search(r"(\d{4}[a-z])", head)
            if m:
                return m.group(1)
    return None


def java_tzdb() -> str | None:
    java = shutil.which("java")
    if not java:
        return None
    home = Path(java).resolve().parent.parent
    db = home / "lib" / "tzdb.dat"
    if not db.exists():
        return None
    m = re.search(rb"(\d{4}[a-z])", db.read_bytes()[:64])
    return m.group(1).decode() if m else None


def node_icu() -> str | None:
    if not shutil.which("node"):
        return None
    out = subprocess.run(["node", "-p", "process.versions.tz"], capture_output=True, text=True)
    return out.stdout.strip() or None


def main() -> None:
    rows = [
        ("python tzdata", python_tzdata()),
        ("pytz", pytz_version()),
        ("os zoneinfo", os_zoneinfo()),
        ("java tzdb.dat", java_tzdb()),
        ("node icu", node_icu()),
    ]
    width = max(len(r[0]) for r in rows)
    for name, ver in rows:
        print(f"{name:<{width}}  {ver or '-'}")
    found = {v for _, v in rows if v}
    if len(found) > 1:
        print(f"\nversions differ: {', '.join(sorted(found))}")


if __name__ == "__main__":
    main()
