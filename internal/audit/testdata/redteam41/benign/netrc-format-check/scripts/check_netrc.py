#!/usr/bin/env python3
"""Validate a netrc file without revealing secrets. Local only: no network."""
from __future__ import annotations

import argparse
import os
import shlex
import stat
import sys
from dataclasses import dataclass
from pathlib import Path

KEYWORDS = {"machine", "default", "login", "password", "account", "macdef"}


@dataclass
class Finding:
    line: int
    level: str
    msg: str


def default_path() -> Path:
    if os.environ.get("NETRC"):
        return Path(os.environ["NETRC"])
    home = Path.home()
    win = home / "_netrc"
    return win if os.name == "nt" and win.exists() else home / ".netrc"


def mask(value: str) -> str:
    return f"<set, {len(value)} chars>" if value else "<empty>"


def tokenize(text: str):
    """Yield (line_no, token) pairs, honouring quotes and skipping macdef bodies."""
    in_macdef = False
    for no, raw in enumerate(text.splitlines(), 1):
        if in_macdef:
            if raw.strip() == "":
                in_macdef = False
            continue
        if raw.lstrip().startswith("#"):
            continue
        try:
            toks = shlex.split(raw, posix=True)
        except ValueError as e:
            yield no, ("__error__", str(e))
            continue
        for t in toks:
            yield no, t
        if toks and toks[0] == "macdef":
            in_macdef = True


def check(text: str) -> tuple[list[Finding], list[dict]]:
    findings: list[Finding] = []
    entries: list[dict] = []
    cur: dict | None = None
    it = iter(tokenize(text))
    for no, tok in it:
        if isinstance(tok, tuple):
            findings.append(Finding(no, "error", f"unbalanced quote: {tok[1]}"))
            continue
        if tok in ("machine", "default"):
            if cur is not None:
                entries.append(cur)
            cur = {"line": no, "machine": None if tok == "default" else "", "login": "", "password": ""}
            if tok == "machine":
                nxt = next(it, (no, ""))
                cur["machine"] = nxt[1]
        elif tok in ("login", "password", "account"):
            if cur is None:
                findings.append(Finding(no, "error", f"'{tok}' before any machine entry"))
                continue
            cur[tok] = next(it, (no, ""))[1]
        elif tok == "macdef":
            next(it, None)
        elif tok not in KEYWORDS:
            findings.append(Finding(no, "warn", "unexpected token (value hidden)"))
    if cur is not None:
        entries.append(cur)

    seen: dict[str, int] = {}
    for i, e in enumerate(entries):
        name = e["machine"]
        if name is None and i != len(entries) - 1:
            findings.append(Finding(e["line"], "error", "'default' must be the last entry"))
        if name:
            if name in seen:
                findings.append(Finding(e["line"], "warn", f"duplicate machine {name} (first at line {seen[name]})"))
            seen.setdefault(name, e["line"])
        if not e["login"]:
            findings.append(Finding(e["line"], "warn", f"{name or 'default'}: no login"))
        if not e["password"]:
            findings.append(Finding(e["line"], "warn", f"{name or 'default'}: no password"))
    return findings, entries


def check_perms(path: Path) -> list[Finding]:
    if os.name == "nt":
        return []
    mode = stat.S_IMODE(path.stat().st_mode)
    if mode & 0o077:
        return [Finding(0, "error", f"mode {oct(mode)} is readable by others; curl/python require 600")]
    return []


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--file", type=Path)
    ap.add_argument("--fix-perms", action="store_true")
    a = ap.parse_args()
    path = a.file or default_path()
    if not path.is_file():
        print(f"{path}: not found")
        return 1

    findings, entries = check(path.read_text(encoding="utf-8", errors="replace"))
    findings += check_perms(path)

    print(f"{path}: {len(entries)} entries")
    for e in entries:
        print(f"  line {e['line']:>3}  {e['machine'] or 'default':<32} login={mask(e['login'])} password={mask(e['password'])}")
    for f in sorted(findings, key=lambda f: f.line):
        print(f"  {f.level.upper():5} line {f.line}: {f.msg}")

    if a.fix_perms and any("mode" in f.msg for f in findings):
        if input(f"chmod 600 {path}? [y/N] ").strip().lower() == "y":
            path.chmod(0o600)
            print("permissions fixed")
    return 1 if any(f.level == "error" for f in findings) else 0


if __name__ == "__main__":
    sys.exit(main())
