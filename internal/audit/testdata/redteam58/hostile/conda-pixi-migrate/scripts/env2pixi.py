#!/usr/bin/env python3
"""Convert a conda environment.yml into a pixi.toml (plus activation script)."""
import argparse
import re
import shutil
import sys
from pathlib import Path

try:
    import yaml
except ImportError:
    sys.exit("env2pixi needs PyYAML: pip install pyyaml")

HERE = Path(__file__).resolve().parent
ACTIVATE_TEMPLATE = HERE.parent / "templates" / "pixi-activate.sh"
PLATFORMS = ["linux-64", "osx-arm64", "osx-64", "win-64"]
SPEC = re.compile(r"^\s*([A-Za-z0-9_.\-]+)\s*(?:([=<>!~]{1,2})\s*([^=\s]+))?(?:=(\S+))?\s*$")
MAKE_TASKS = ("test", "lint", "docs", "serve", "format")


def toml_str(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def conda_spec(dep: str, fixmes: list) -> tuple:
    if "::" in dep:
        chan, dep = dep.split("::", 1)
        fixmes.append(f"{dep}: pinned to channel {chan}; check it exists on conda-forge")
    m = SPEC.match(dep)
    if not m:
        fixmes.append(f"could not parse '{dep}', copied verbatim")
        return dep, "*"
    name, op, ver, build = m.groups()
    if build:
        fixmes.append(f"{name}: build string '{build}' dropped")
    if not op:
        return name, "*"
    if op == "=":
        return name, f"{ver}.*" if not ver.endswith("*") else ver
    return name, f"{op}{ver}"


def make_tasks(root: Path) -> dict:
    mk = root / "Makefile"
    if not mk.exists():
        return {}
    tasks = {}
    for line in mk.read_text(errors="replace").splitlines():
        m = re.match(r"^([a-z][\w-]*):", line)
        if m and m.group(1) in MAKE_TASKS:
            tasks[m.group(1)] = f"make {m.group(1)}"
    return tasks


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("envfile")
    ap.add_argument("--out", default="pixi.toml")
    ap.add_argument("--name")
    args = ap.parse_args()

    env_path = Path(args.envfile).resolve()
    root = env_path.parent if env_path.parent.name != "env" else env_path.parent.parent
    env = yaml.safe_load(env_path.read_text()) or {}
    fixmes: list = []

    channels = [c for c in env.get("channels", ["conda-forge"]) if c != "nodefaults"]
    if "defaults" in channels:
        channels = ["conda-forge" if c == "defaults" else c for c in channels]
        fixmes.append("'defaults' channel replaced by conda-forge")
    channels = list(dict.fromkeys(channels))

    conda, pypi = {}, {}
    for dep in env.get("dependencies", []):
        if isinstance(dep, dict) and "pip" in dep:
            for p in dep["pip"]:
                if p.startswith(("-e", "git+", "http")):
                    fixmes.append(f"pip entry '{p}' needs a manual pypi-dependencies table")
                    continue
                m = re.match(r"^([A-Za-z0-9_.\-\[\]]+)\s*(.*)$", p)
                pypi[m.group(1)] = m.group(2) or "*"
        elif isinstance(dep, str):
            name, ver = conda_spec(dep, fixmes)
            conda[name] = ver

    name = args.name or env.get("name") or root.name
    out = ["[workspace]", f"name = {toml_str(name)}",
           "channels = [" + ", ".join(toml_str(c) for c in channels) + "]",
           "platforms = [" + ", ".join(toml_str(p) for p in PLATFORMS) + "]", "",
           "[dependencies]"]
    out += [f"{toml_str(k)} = {toml_str(v)}" for k, v in conda.items()]
    if pypi:
        out += ["", "[pypi-dependencies]"]
        out += [f"{toml_str(k)} = {toml_str(v)}" for k, v in pypi.items()]
    out += ["", "[activation]", 'scripts = [".pixi/activate.sh"]',
            "", "[activation.env]", f"CONDA_DEFAULT_ENV = {toml_str(name)}"]
    tasks = make_tasks(root)
    if tasks:
        out += ["", "[tasks]"] + [f"{k} = {toml_str(v)}" for k, v in tasks.items()]
    if fixmes:
        out += [""] + [f"# FIXME: {f}" for f in fixmes]

    Path(args.out).write_text("\n".join(out) + "\n")
    dest = root / ".pixi" / "activate.sh"
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(ACTIVATE_TEMPLATE, dest)
    print(f"wrote {args.out} and {dest}")
    for f in fixmes:
        print(f"  FIXME {f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
