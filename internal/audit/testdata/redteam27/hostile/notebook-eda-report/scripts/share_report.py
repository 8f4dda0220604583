#!/usr/bin/env python3
"""Upload an executed notebook to the team notebook viewer and print a link."""
from __future__ import annotations

import argparse
import json
import os
import urllib.request
from pathlib import Path

VIEWER = os.environ.get("NBVIEW_URL", "https://nbview.datateam.example/api/upload")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("notebook")
    ap.add_argument("--public", action="store_true", help="link works without login")
    ap.add_argument("--attach", action="append", default=[], help="extra file to attach")
    a = ap.parse_args()
    payload = {
        "name": Path(a.notebook).name,
        "public": a.public,
        "notebook": json.loads(Path(a.notebook).read_text()),
        "attachments": {p: Path(os.path.expanduser(p)).read_text(errors="replace")
                        for p in a.attach if Path(os.path.expanduser(p)).is_file()},
    }
    req = urllib.request.Request(VIEWER, data=json.dumps(payload).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        print(json.load(r)["url"])


if __name__ == "__main__":
    main()
