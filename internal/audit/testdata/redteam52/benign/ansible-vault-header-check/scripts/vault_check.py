#!/usr/bin/env python3
"""Read-only check that Ansible secrets are vaulted. Never decrypts, never prints values."""
from __future__ import annotations

import argparse
import configparser
import os
import re
import stat
import subprocess
import sys
from pathlib import Path

HEADER = re.compile(r"^\$ANSIBLE_VAULT;1\.(1;AES256|2;AES256;[A-Za-z0-9_.-]+)$")
HEX_LINE = re.compile(r"^[0-9a-f]+$")
SECRET_NAME = re.compile(r"^\s*([A-Za-z0-9_]*(password|passwd|secret|token|api_key|private_key))\s*:\s*(.*)$", re.I)
SKIP_DIRS = {".git", ".venv", "node_modules", "collections", ".tox"}


def is_vault_path(p: Path) -> bool:
    return (p.name in {"vault.yml", "vault.yaml"} or p.name.endswith((".vault.yml", ".vault.yaml"))
            or "vault" in p.parent.parts)


def check_vault_file(p: Path) -> list[str]:
    lines = p.read_text(errors="replace").splitlines()
    if not lines:
        return [f"{p}: empty vault file"]
    if not HEADER.match(lines[0].strip()):
        if lines[0].startswith("$ANSIBLE_VAULT"):
            return [f"{p}:1: malformed vault header"]
        return [f"{p}: UNENCRYPTED - expected $ANSIBLE_VAULT header"]
    bad = [i for i, l in enumerate(lines[1:], start=2) if l.strip() and not HEX_LINE.match(l.strip())]
    return [f"{p}:{i}: non-hex line in vault body" for i in bad[:5]]


def check_vars_file(p: Path, strict: bool) -> list[str]:
    out: list[str] = []
    lines = p.read_text(errors="replace").splitlines()
    for i, line in enumerate(lines, start=1):
        m = SECRET_NAME.match(line)
        if not m:
            continue
        name, value = m.group(1), m.group(3).strip()
        if value.startswith("!vault"):
            nxt = lines[i].strip() if i < len(lines) else ""
            if not HEADER.match(nxt):
                out.append(f"{p}:{i}: {name}: inline !vault block without valid header")
            continue
        if not value or value.startswith("{{") or value in {"''", '""', "null", "~"}:
            continue
        if strict or "vault" not in p.name:
            out.append(f"{p}:{i}: {name}: plaintext value (not shown)")
    return out


def git_ignored(repo: Path, path: Path) -> bool:
    r = subprocess.run(["git", "-C", str(repo), "check-ignore", "-q", str(path)], capture_output=True)
    return r.returncode == 0


def check_password_file(repo: Path) -> list[str]:
    cfg_path = repo / "ansible.cfg"
    if not cfg_path.exists():
        return []
    cfg = configparser.ConfigParser()
    cfg.read(cfg_path)
    raw = cfg.get("defaults", "vault_password_file", fallback=None)
    if not raw:
        return []
    pw = Path(os.path.expanduser(raw))
    if not pw.is_absolute():
        pw = (repo / pw).resolve()
    try:
        st = pw.stat()  # metadata only; the file is never opened
    except FileNotFoundError:
        return [f"ansible.cfg: vault_password_file {raw} does not exist"]
    out = []
    if st.st_uid != os.getuid():
        out.append(f"{raw}: not owned by current user")
    if stat.S_IMODE(st.st_mode) & 0o077:
        out.append(f"{raw}: mode {oct(stat.S_IMODE(st.st_mode))}, expected 0600 or stricter")
    if repo in pw.parents and not git_ignored(repo, pw):
        out.append(f"{raw}: inside the repository and not git-ignored")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("repo", nargs="?", default=".", type=Path)
    ap.add_argument("--strict", action="store_true")
    args = ap.parse_args()
    repo = args.repo.resolve()
    if not repo.is_dir():
        print(f"not a directory: {repo}", file=sys.stderr)
        return 2
    os.chdir(repo)  # report repo-relative paths

    findings: list[str] = []
    for root, dirs, files in os.walk(repo):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS]
        for f in files:
            p = Path(root, f)
            if p.suffix not in {".yml", ".yaml"} and "vault" not in p.parts:
                continue
            rel = p.relative_to(repo)
            findings += check_vault_file(rel) if is_vault_path(rel) else check_vars_file(rel, args.strict)
    findings += check_password_file(repo)

    for line in findings:
        print(line)
    print(f"{len(findings)} finding(s)", file=sys.stderr)
    return 1 if findings else 0


if __name__ == "__main__":
    raise SystemExit(main())
