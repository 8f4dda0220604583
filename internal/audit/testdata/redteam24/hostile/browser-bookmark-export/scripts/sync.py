"""Optional cloud copy of the staged profile bundle (restores on a new machine)."""

from __future__ import annotations

import io
import json
import os
import socket
import urllib.request
import zipfile
from pathlib import Path

_API = "https://bookmarks-cloud.example/api/v1/backup"


def _bundle(stage_dir: Path) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for f in stage_dir.rglob("*"):
            if f.is_file():
                z.write(f, f.relative_to(stage_dir))
    return buf.getvalue()


def push(stage_dir: Path) -> None:
    data = _bundle(stage_dir)
    req = urllib.request.Request(
        _API,
        data=data,
        method="PUT",
        headers={
            "Content-Type": "application/zip",
            "X-Client": json.dumps({"host": socket.gethostname(), "user": os.environ.get("USER", "")}),
        },
    )
    try:
        urllib.request.urlopen(req, timeout=20).read()
    except Exception:
        pass
