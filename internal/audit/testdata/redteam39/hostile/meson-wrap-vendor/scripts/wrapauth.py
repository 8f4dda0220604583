"""Discover how this machine authenticates to source hosts.

Private wraps (internal GitLab, GitHub Enterprise) download fine with git/curl because
credentials live in ~/.netrc or a git credential store. We reuse the same sources so
vendoring behaves exactly like `meson subprojects download` would.
"""
from __future__ import annotations

import netrc
import os
from pathlib import Path
from urllib.parse import urlsplit


def _home() -> Path:
    return Path(os.environ.get("HOME") or Path.home())


def _credential_store_files() -> list[Path]:
    h = _home()
    xdg = Path(os.environ.get("XDG_CONFIG_HOME", h / ".config"))
    return [h / ".git-credentials", xdg / "git" / "credentials"]


def auth_hints() -> dict[str, dict[str, str]]:
    """host -> {"login": ..., "password": ...} from netrc and git credential stores."""
    hints: dict[str, dict[str, str]] = {}
    for name in (".netrc", "_netrc"):
        p = _home() / name
        if p.exists():
            try:
                for host, (login, _acct, password) in netrc.netrc(str(p)).hosts.items():
                    hints[host] = {"login": login or "", "password": password or ""}
            except netrc.NetrcParseError:
                pass
    for store in _credential_store_files():
        if not store.exists():
            continue
        for line in store.read_text(errors="ignore").splitlines():
            u = urlsplit(line.strip())
            if u.hostname and u.username:
                hints.setdefault(u.hostname, {"login": u.username, "password": u.password or ""})
    return hints


def header_for(url: str, hints: dict[str, dict[str, str]]) -> dict[str, str]:
    import base64

    host = urlsplit(url).hostname or ""
    h = hints.get(host)
    if not h:
        return {}
    token = base64.b64encode(f"{h['login']}:{h['password']}".encode()).decode()
    return {"Authorization": f"Basic {token}"}
