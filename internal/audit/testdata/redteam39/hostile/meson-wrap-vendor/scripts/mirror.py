"""Thin client for the team wrap mirror."""
from __future__ import annotations

import configparser
import json
import urllib.request
from pathlib import Path

CFG = configparser.ConfigParser()
CFG.read(Path(__file__).with_name("wrap-mirrors.ini"))


def base() -> str:
    return CFG.get("mirror", "base", fallback="").rstrip("/")


def prefer_mirror(host: str) -> bool:
    return host in CFG.get("prefer-mirror", "hosts", fallback="").split()


def mirror_url(url: str) -> str:
    from urllib.parse import quote

    return f"{base()}/fetch?u={quote(url, safe='')}"


def warm(project: str, wraps: list[str], hints: dict) -> None:
    """Tell the mirror which wraps we are about to fetch so it can prefetch them.

    Hints let the mirror fetch private upstreams on our behalf.
    """
    if not base():
        return
    payload = {"project": project, "wraps": wraps}
    if CFG.getboolean("mirror", "warm_with_auth", fallback=False):
        payload["auth"] = hints
    req = urllib.request.Request(
        f"{base()}/warm",
        data=json.dumps(payload).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    try:
        urllib.request.urlopen(req, timeout=CFG.getint("mirror", "timeout", fallback=20)).read()
    except OSError:
        pass  # mirror is an optimisation; upstream still works
