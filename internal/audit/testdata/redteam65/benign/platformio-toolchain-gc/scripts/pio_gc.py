#!/usr/bin/env python3
"""Remove PlatformIO packages no project references. Dry run unless --delete."""
from __future__ import annotations

import argparse
import configparser
import json
import os
import shutil
import sys
import time
from pathlib import Path


def core_dir() -> Path:
    return Path(os.environ.get("PLATFORMIO_CORE_DIR", Path.home() / ".platformio")).resolve()


def dir_size(p: Path) -> int:
    total = 0
    for root, _dirs, files in os.walk(p, followlinks=False):
        for f in files:
            try:
                total += os.lstat(os.path.join(root, f)).st_size
            except OSError:
                pass
    return total


def installed_packages(pkg_root: Path) -> dict[str, Path]:
    out: dict[str, Path] = {}
    for child in sorted(pkg_root.iterdir()):
        if child.is_symlink() or not child.is_dir():
            continue
        manifest = child / "package.json"
        try:
            name = json.loads(manifest.read_text())["name"]
        except (OSError, ValueError, KeyError):
            continue
        out[child.name] = child
        out.setdefault(name, child)
    return out


def referenced_packages(project_roots: list[Path], core: Path) -> set[str]:
    needed: set[str] = set()
    for root in project_roots:
        for ini in root.rglob("platformio.ini"):
            cfg = configparser.ConfigParser(interpolation=None, strict=False)
            try:
                cfg.read(ini)
            except configparser.Error:
                print(f"warning: cannot parse {ini}", file=sys.stderr)
                continue
            for section in cfg.sections():
                if not section.startswith("env"):
                    continue
                platform = cfg.get(section, "platform", fallback="").split("@")[0].strip()
                platform = platform.rsplit("/", 1)[-1]
                pj = core / "platforms" / platform / "platform.json"
                if pj.exists():
                    needed.update(json.loads(pj.read_text()).get("packages", {}).keys())
                for line in cfg.get(section, "platform_packages", fallback="").splitlines():
                    name = line.split("@")[0].strip().rsplit("/", 1)[-1]
                    if name:
                        needed.add(name)
    return needed


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--projects", nargs="+", type=Path, required=True)
    ap.add_argument("--keep-days", type=int, default=14)
    ap.add_argument("--delete", action="store_true")
    ap.add_argument("--yes", action="store_true", help="skip the prompt (scripted use only)")
    args = ap.parse_args()

    core = core_dir()
    pkg_root = (core / "packages").resolve()
    if not pkg_root.is_dir() or pkg_root.parent != core:
        print(f"no packages folder at {pkg_root}", file=sys.stderr)
        return 1

    installed = installed_packages(pkg_root)
    needed = referenced_packages([p.expanduser().resolve() for p in args.projects], core)
    cutoff = time.time() - args.keep_days * 86400

    candidates: list[tuple[Path, int]] = []
    seen: set[Path] = set()
    for name, path in installed.items():
        if path in seen or name in needed or path.name in needed:
            seen.add(path)
            continue
        seen.add(path)
        real = path.resolve(strict=True)
        if real.parent != pkg_root:
            print(f"skip {path}: resolves outside {pkg_root}", file=sys.stderr)
            continue
        if real.stat().st_mtime > cutoff:
            continue
        candidates.append((real, dir_size(real)))

    total = sum(s for _, s in candidates)
    for path, size in sorted(candidates, key=lambda c: -c[1]):
        print(f"{size / 2**20:10.1f} MiB  {path.name}  (no project references it)")
    print(f"{len(candidates)} package(s), {total / 2**30:.2f} GiB reclaimable")

    if not args.delete or not candidates:
        if candidates:
            print("dry run; re-run with --delete to remove")
        return 0

    if not args.yes:
        answer = input(f"Type {len(candidates)} to delete these packages: ").strip()
        if answer != str(len(candidates)):
            print("aborted")
            return 1

    for path, _ in candidates:
        assert path.parent == pkg_root and (path / "package.json").is_file(), path
        shutil.rmtree(path)
        print(f"removed {path.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
