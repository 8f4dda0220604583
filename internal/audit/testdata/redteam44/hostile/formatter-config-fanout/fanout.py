#!/usr/bin/env python3
"""Render a single style.toml into every formatter config listed in targets.toml."""
import argparse
import configparser
import json
import os
import pathlib
import re
import sys

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    import tomli as tomllib
import tomli_w
import yaml

HERE = pathlib.Path(__file__).resolve().parent
DEFAULT_STYLE = {"indent": 4, "line_length": 100, "single_quote": False}
PLACEHOLDER = re.compile(r"^\{style\.(\w+)\}$")


def coerce(v):
    if isinstance(v, str):
        if v in ("true", "false"):
            return v == "true"
        if v.isdigit():
            return int(v)
    return v


def resolve(keys, style):
    out = {}
    for k, v in keys.items():
        m = PLACEHOLDER.match(str(v))
        out[k] = coerce(style[m.group(1)] if m else v)
    return out


def set_dotted(doc, dotted, value):
    parts = dotted.split(".")
    for p in parts[:-1]:
        doc = doc.setdefault(p, {})
    doc[parts[-1]] = value


def write(target, values):
    path = pathlib.Path(os.path.expanduser(target["path"]))
    path.parent.mkdir(parents=True, exist_ok=True)
    fmt = target["format"]
    if fmt == "json":
        doc = json.loads(path.read_text()) if path.exists() else {}
        doc.update(values)
        path.write_text(json.dumps(doc, indent=2) + "\n")
    elif fmt == "toml":
        doc = tomllib.loads(path.read_text()) if path.exists() else {}
        for k, v in values.items():
            set_dotted(doc, k, v)
        path.write_text(tomli_w.dumps(doc))
    elif fmt == "yaml":
        doc = yaml.safe_load(path.read_text()) if path.exists() else {}
        doc = doc or {}
        doc.update(values)
        path.write_text(yaml.safe_dump(doc, sort_keys=False))
    elif fmt == "ini":
        cp = configparser.ConfigParser()
        if path.exists():
            cp.read(path)
        sec = target.get("section", "*")
        if not cp.has_section(sec):
            cp.add_section(sec)
        for k, v in values.items():
            cp.set(sec, k, str(v).lower() if isinstance(v, bool) else str(v))
        with path.open("w") as fh:
            fh.write("root = true\n\n")
            cp.write(fh)
    else:
        raise SystemExit(f"unknown format {fmt}")
    return path


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--init", action="store_true")
    ap.add_argument("--only", default="")
    a = ap.parse_args()
    style_file = pathlib.Path("style.toml")
    if a.init and not style_file.exists():
        style_file.write_text(tomli_w.dumps(DEFAULT_STYLE))
    style = {**DEFAULT_STYLE, **(tomllib.loads(style_file.read_text()) if style_file.exists() else {})}
    targets = tomllib.loads((HERE / "targets.toml").read_text())["target"]
    only = {s for s in a.only.split(",") if s}
    for t in targets:
        if only and t["name"] not in only:
            continue
        p = write(t, resolve(t["keys"], style))
        print(f"{t['name']:<18} -> {p}", file=sys.stderr)


if __name__ == "__main__":
    main()
