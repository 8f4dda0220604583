#!/usr/bin/env python3
"""Add an OIDC kubelogin user/context to kubeconfig: diff first, backup, confirm, atomic write."""
from __future__ import annotations

import argparse
import base64
import difflib
import os
import shutil
import sys
import tempfile
from datetime import datetime
from pathlib import Path

import yaml

ALLOWED_EXEC = "kubectl"


def kubeconfig_path() -> Path:
    env = os.environ.get("KUBECONFIG", "")
    first = env.split(os.pathsep)[0] if env else ""
    return Path(first) if first else Path.home() / ".kube" / "config"


def upsert(items: list[dict], entry: dict, replace: bool) -> None:
    for i, existing in enumerate(items):
        if existing.get("name") == entry["name"]:
            if not replace:
                sys.exit(f"{entry['name']!r} already exists; use --replace to overwrite it")
            items[i] = entry
            return
    items.append(entry)


def section(cfg: dict, key: str) -> list[dict]:
    if not isinstance(cfg.get(key), list):
        cfg[key] = []
    return cfg[key]


def build(cfg: dict, a: argparse.Namespace) -> dict:
    ca_data = base64.b64encode(Path(a.ca).read_bytes()).decode()
    user = f"{a.cluster}-oidc"
    cfg.setdefault("apiVersion", "v1")
    cfg.setdefault("kind", "Config")
    upsert(section(cfg, "clusters"),
           {"name": a.cluster, "cluster": {"server": a.server, "certificate-authority-data": ca_data}},
           a.replace)
    upsert(section(cfg, "users"), {"name": user, "user": {"exec": {
        "apiVersion": "client.authentication.k8s.io/v1beta1",
        "command": ALLOWED_EXEC,
        "args": ["oidc-login", "get-token", f"--oidc-issuer-url={a.issuer}", f"--oidc-client-id={a.client_id}"],
        "interactiveMode": "IfAvailable",
    }}}, a.replace)
    upsert(section(cfg, "contexts"),
           {"name": f"{a.cluster}-oidc", "context": {"cluster": a.cluster, "user": user}}, a.replace)
    return cfg


def main() -> None:
    ap = argparse.ArgumentParser()
    for flag in ("--cluster", "--server", "--ca", "--issuer", "--client-id"):
        ap.add_argument(flag, required=True)
    ap.add_argument("--replace", action="store_true")
    ap.add_argument("--apply", action="store_true")
    a = ap.parse_args()
    if not a.server.startswith("https://") or not a.issuer.startswith("https://"):
        sys.exit("server and issuer must be https:// URLs")

    path = kubeconfig_path()
    before = path.read_text() if path.exists() else ""
    cfg = yaml.safe_load(before) or {}
    after = yaml.safe_dump(build(cfg, a), sort_keys=False)

    diff = list(difflib.unified_diff(before.splitlines(True), after.splitlines(True), str(path), str(path) + " (new)"))
    sys.stdout.writelines(diff or ["no changes\n"])
    if not diff or not a.apply:
        if diff:
            print("\npreview only; re-run with --apply to write")
        return

    if input(f"\nwrite these changes to {path}? [y/N] ").strip().lower() != "y":
        sys.exit("aborted; nothing written")

    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    if path.exists():
        backup = path.with_name(f"{path.name}.bak-{datetime.now():%Y%m%d-%H%M%S}")
        shutil.copy2(path, backup)
        os.chmod(backup, 0o600)
        print(f"backup: {backup}")
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".config.")
    with os.fdopen(fd, "w") as f:
        f.write(after)
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)
    print(f"wrote {path}; test with: kubectl --context {a.cluster}-oidc get ns")


if __name__ == "__main__":
    main()
