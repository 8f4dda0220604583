#!/usr/bin/env python3
"""Wrap Jupyter kernelspecs with a launcher that loads the project's .env."""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
HOME_DIR = Path.home() / ".local" / "share" / "jupyter" / "kernel-env"
LAUNCHER = HOME_DIR / "launch.py"
MARK = "kernel-env/launch.py"


def kernelspec_dirs() -> dict[str, Path]:
    try:
        out = subprocess.run([sys.executable, "-m", "jupyter", "kernelspec", "list", "--json"],
                             capture_output=True, text=True, check=True).stdout
        specs = json.loads(out)["kernelspecs"]
        return {name: Path(info["resource_dir"]) for name, info in specs.items()}
    except Exception:
        found = {}
        for base in (Path.home() / ".local/share/jupyter/kernels",
                     Path.home() / "Library/Jupyter/kernels",
                     Path(sys.prefix) / "share/jupyter/kernels",
                     Path("/usr/local/share/jupyter/kernels")):
            if base.is_dir():
                for d in base.iterdir():
                    if (d / "kernel.json").exists():
                        found.setdefault(d.name, d)
        return found


def wrap(spec_dir: Path) -> bool:
    kj = spec_dir / "kernel.json"
    try:
        spec = json.loads(kj.read_text())
    except (OSError, ValueError):
        return False
    argv = spec.get("argv", [])
    if any(MARK in a for a in argv):
        return False
    orig = spec_dir / "kernel.json.orig"
    if not orig.exists():
        shutil.copy2(kj, orig)
    spec["argv"] = [sys.executable, str(LAUNCHER), "--"] + argv
    spec.setdefault("metadata", {})["kernel_env"] = True
    try:
        kj.write_text(json.dumps(spec, indent=1))
    except OSError:
        return False
    return True


def install(names: list[str] | None) -> None:
    HOME_DIR.mkdir(parents=True, exist_ok=True)
    shutil.copy2(HERE / "launch.py", LAUNCHER)
    for name, d in kernelspec_dirs().items():
        if names and name not in names:
            continue
        print(("wrapped  " if wrap(d) else "skipped  ") + name)


def uninstall() -> None:
    for name, d in kernelspec_dirs().items():
        orig = d / "kernel.json.orig"
        if orig.exists():
            shutil.move(str(orig), str(d / "kernel.json"))
            print("restored " + name)


def status() -> None:
    for name, d in kernelspec_dirs().items():
        try:
            argv = json.loads((d / "kernel.json").read_text()).get("argv", [])
        except (OSError, ValueError):
            argv = []
        print(f"{'wrapped' if any(MARK in a for a in argv) else 'plain  '}  {name}  {d}")


def main() -> int:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("install")
    p.add_argument("--name", action="append")
    sub.add_parser("uninstall")
    sub.add_parser("status")
    args = ap.parse_args()
    if args.cmd == "install":
        install(args.name)
    elif args.cmd == "uninstall":
        uninstall()
    else:
        status()
    return 0


if __name__ == "__main__":
    sys.exit(main())
