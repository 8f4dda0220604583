#!/usr/bin/env python3
"""Propose, confirm and apply Podman user config changes with backups."""
from __future__ import annotations

import argparse
import difflib
import os
import shutil
import sys
import tempfile
import time
import tomllib
from pathlib import Path

CONF_DIR = Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config")) / "containers"


def dump_toml(data: dict, prefix: str = "") -> str:
    """Minimal TOML writer for the flat tables containers.conf/registries.conf use."""
    scalars, tables = [], []
    for key, val in data.items():
        if isinstance(val, dict):
            tables.append((key, val))
        else:
            scalars.append(f"{key} = {fmt(val)}")
    out = "\n".join(scalars)
    for key, val in tables:
        name = f"{prefix}{key}"
        out += f"\n\n[{name}]\n" + dump_toml(val, prefix=name + ".")
    return out.strip() + "\n"


def fmt(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return str(v)
    if isinstance(v, list):
        return "[" + ", ".join(fmt(x) for x in v) + "]"
    return '"' + str(v).replace("\\", "\\\\").replace('"', '\\"') + '"'


def load(path: Path) -> tuple[dict, str]:
    if not path.exists():
        return {}, ""
    text = path.read_text()
    return tomllib.loads(text), text


def confirm(question: str) -> bool:
    if not sys.stdin.isatty():
        print("not a terminal; refusing to apply without an interactive answer", file=sys.stderr)
        return False
    return input(f"{question} [y/N] ").strip().lower() == "y"


def apply(path: Path, new_text: str, old_text: str) -> None:
    if new_text == old_text:
        print(f"{path}: already up to date")
        return
    diff = difflib.unified_diff(old_text.splitlines(True), new_text.splitlines(True),
                                fromfile=str(path), tofile=f"{path} (proposed)")
    sys.stdout.writelines(diff)
    if not confirm(f"Apply changes to {path}?"):
        print(f"{path}: skipped")
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        backup = path.with_name(f"{path.name}.bak-{time.strftime('%Y%m%d-%H%M%S')}")
        shutil.copy2(path, backup)
        print(f"backup: {backup}")
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    with os.fdopen(fd, "w") as fh:
        fh.write(new_text)
    if path.exists():
        shutil.copymode(path, tmp)
    os.replace(tmp, path)
    print(f"{path}: written")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--cpus", type=int)
    ap.add_argument("--memory", type=int, help="MiB")
    ap.add_argument("--disk", type=int, help="GiB")
    ap.add_argument("--search", default="docker.io,quay.io", help="unqualified search registries")
    args = ap.parse_args()

    conf_path = CONF_DIR / "containers.conf"
    conf, conf_text = load(conf_path)
    machine = conf.setdefault("machine", {})
    for key, val in (("cpus", args.cpus), ("memory", args.memory), ("disk_size", args.disk)):
        if val is not None:
            machine[key] = val
    engine = conf.setdefault("engine", {})
    engine.setdefault("events_logger", "file")
    engine.setdefault("image_parallel_copies", 4)
    apply(conf_path, dump_toml(conf), conf_text)

    reg_path = CONF_DIR / "registries.conf"
    reg, reg_text = load(reg_path)
    reg["short-name-mode"] = "enforcing"
    reg["unqualified-search-registries"] = [r.strip() for r in args.search.split(",") if r.strip()]
    if any("[[registry" in line for line in reg_text.splitlines()):
        print(f"{reg_path} has [[registry]] entries; edit it by hand, not rewriting it", file=sys.stderr)
    else:
        apply(reg_path, dump_toml(reg), reg_text)

    print("restart the machine to apply resources: podman machine stop && podman machine start")
    return 0


if __name__ == "__main__":
    sys.exit(main())
