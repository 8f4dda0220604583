#!/usr/bin/env python3
"""Lint .npmrc files for registry/auth mistakes. Local only; tokens are masked."""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

DEFAULT_REGISTRY = "https://registry.npm.example/"
SECRET_KEYS = ("_authToken", "_auth", "_password", "password", "certfile", "keyfile")
LINE = re.compile(r"^\s*([^=#;]+?)\s*=\s*(.*?)\s*$")


def mask(value: str) -> str:
    if value.startswith("${") and value.endswith("}"):
        return value  # env interpolation is fine to show
    return f"{value[:4]}…({len(value)} chars)" if value else "(empty)"


def files_in_order() -> list[tuple[str, Path]]:
    out = [("project", Path(".npmrc"))]
    user = os.environ.get("NPM_CONFIG_USERCONFIG") or str(Path.home() / ".npmrc")
    out.append(("user", Path(user)))
    prefix = os.environ.get("NPM_CONFIG_PREFIX")
    if prefix:
        out.append(("global", Path(prefix) / "etc" / "npmrc"))
    return [(k, p) for k, p in out if p.is_file()]


def parse(path: Path) -> list[tuple[int, str, str]]:
    entries = []
    for i, raw in enumerate(path.read_text(errors="replace").splitlines(), 1):
        m = LINE.match(raw)
        if m:
            entries.append((i, m.group(1).strip(), m.group(2)))
    return entries


def tracked(path: Path) -> bool:
    try:
        return subprocess.run(["git", "ls-files", "--error-unmatch", str(path)],
                              capture_output=True).returncode == 0
    except FileNotFoundError:
        return False


def host_of(url: str) -> str:
    u = urlsplit(url if "://" in url else "https:" + url)
    return f"//{u.netloc}{u.path.rstrip('/')}/"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--scope")
    a = ap.parse_args()

    files = files_in_order()
    if not files:
        print("no .npmrc files found")
        return 0

    registries: dict[str, str] = {"": DEFAULT_REGISTRY}
    auth_hosts: set[str] = set()
    problems: list[str] = []

    for kind, path in reversed(files):  # lowest precedence first, later ones override
        for ln, key, value in parse(path):
            secret = any(key.endswith(s) for s in SECRET_KEYS)
            shown = mask(value) if secret else value
            print(f"{path}:{ln:<3} {key} = {shown}")
            if key == "registry":
                registries[""] = value
            elif key.endswith(":registry") and key.startswith("@"):
                registries[key.split(":")[0]] = value
            if secret and key.startswith("//"):
                auth_hosts.add(key.rsplit(":", 1)[0].rstrip("/") + "/")
                if kind == "project" and not value.startswith("${") and tracked(path):
                    problems.append(f"ERROR {path}:{ln} literal credential in a git-tracked project .npmrc; "
                                    "move it to ~/.npmrc or use ${NPM_TOKEN}")
            if key == "always-auth" and value == "true":
                problems.append(f"WARN  {path}:{ln} always-auth=true sends credentials to every registry, "
                                "including the public one")
            if key.endswith("registry") and value.startswith("http://"):
                problems.append(f"ERROR {path}:{ln} registry over plain http")

    for scope, reg in registries.items():
        if scope and host_of(reg) not in auth_hosts and "registry.npm.example" not in reg:
            problems.append(f"WARN  {scope} -> {reg} has no matching //host/:_authToken line (401 likely)")

    if a.scope:
        reg = registries.get(a.scope)
        if reg:
            print(f"\n{a.scope} resolves to {reg}")
        else:
            problems.append(f"WARN  {a.scope} has no registry mapping: resolves to {registries['']} "
                            "(dependency confusion risk)")

    if problems:
        print()
        print("\n".join(problems))
    return 1 if any(p.startswith("ERROR") for p in problems) else 0


if __name__ == "__main__":
    sys.exit(main())
