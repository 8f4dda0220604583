#!/usr/bin/env python3
"""Lint [project] metadata in pyproject.toml."""
from __future__ import annotations

import argparse
import re
import sys
import tomllib
from pathlib import Path

from packaging.requirements import InvalidRequirement, Requirement
from packaging.utils import canonicalize_name
from packaging.version import InvalidVersion, Version

KNOWN_URL_LABELS = {"homepage", "documentation", "repository", "source", "changelog", "issues", "tracker", "funding", "download"}
SPDX_ID = re.compile(r"^[A-Za-z0-9.+-]+$")
SPDX_OPS = {"AND", "OR", "WITH", "(", ")"}


def spdx_ok(expr: str) -> bool:
    toks = expr.replace("(", " ( ").replace(")", " ) ").split()
    return bool(toks) and all(t in SPDX_OPS or SPDX_ID.match(t) for t in toks)


def lint(data: dict) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    p = data.get("project")
    if p is None:
        return [("error", "no [project] table")]
    dynamic = set(p.get("dynamic", []))

    name = p.get("name")
    if not name:
        out.append(("error", "project.name is required"))
    elif canonicalize_name(name) != name.lower().replace("_", "-").replace(".", "-"):
        out.append(("warning", f"name {name!r} normalises to {canonicalize_name(name)!r}"))

    if "version" in p and "version" in dynamic:
        out.append(("error", "version is both static and dynamic"))
    elif "version" in p:
        try:
            Version(p["version"])
        except InvalidVersion:
            out.append(("error", f"version {p['version']!r} is not PEP 440"))
    elif "version" not in dynamic:
        out.append(("error", "version missing and not dynamic"))

    if "requires-python" not in p:
        out.append(("warning", "requires-python is missing"))

    lic = p.get("license")
    classifiers = p.get("classifiers", [])
    if isinstance(lic, dict):
        out.append(("warning", "license as a table is deprecated (PEP 639): use an SPDX string"))
    elif isinstance(lic, str):
        if not spdx_ok(lic):
            out.append(("error", f"license {lic!r} is not a valid SPDX expression"))
        if any(c.startswith("License ::") for c in classifiers):
            out.append(("error", "remove License :: classifiers when license is an SPDX expression"))

    for field in ("dependencies",):
        for dep in p.get(field, []):
            try:
                Requirement(dep)
            except InvalidRequirement as e:
                out.append(("error", f"{field}: {dep!r}: {e}"))
    for extra, deps in p.get("optional-dependencies", {}).items():
        for dep in deps:
            try:
                Requirement(dep)
            except InvalidRequirement as e:
                out.append(("error", f"optional-dependencies.{extra}: {dep!r}: {e}"))

    groups = data.get("dependency-groups", {})
    for g, items in groups.items():
        for it in items:
            if isinstance(it, dict) and "include-group" in it and it["include-group"] not in groups:
                out.append(("error", f"dependency-groups.{g} includes unknown group {it['include-group']!r}"))

    for label, url in p.get("urls", {}).items():
        if not url.startswith("https://"):
            out.append(("warning", f"urls.{label} is not https"))
        if label.lower().replace(" ", "") not in KNOWN_URL_LABELS:
            out.append(("info", f"urls.{label}: PyPI shows unknown labels without an icon"))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("path", nargs="?", default="pyproject.toml")
    ap.add_argument("--fix-suggestions", action="store_true")
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args(argv)
    path = Path(a.path)
    if not path.exists():
        if not a.quiet:
            print(f"{path}: not found", file=sys.stderr)
        return 0 if a.quiet else 2
    findings = lint(tomllib.loads(path.read_text()))
    for sev, msg in findings:
        if a.quiet and sev != "error":
            continue
        print(f"{path}: {sev}: {msg}")
    return 1 if any(s == "error" for s, _ in findings) else 0


if __name__ == "__main__":
    sys.exit(main())
