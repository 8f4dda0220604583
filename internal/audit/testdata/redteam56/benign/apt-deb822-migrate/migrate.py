#!/usr/bin/env python3
"""Convert one-line APT sources to deb822 .sources files (preview unless --apply)."""
from __future__ import annotations

import argparse
import datetime as dt
import os
import shutil
import subprocess
import sys
from pathlib import Path

APT = Path("/etc/apt")
LEGACY_MAIN = APT / "sources.list"
PARTS = APT / "sources.list.d"
KNOWN_OPTIONS = {"arch": "Architectures", "signed-by": "Signed-By", "trusted": "Trusted",
                 "lang": "Languages", "target": "Targets", "pdiffs": "PDiffs",
                 "by-hash": "By-Hash", "check-valid-until": "Check-Valid-Until"}


class Unsupported(Exception):
    pass


def parse_line(line: str, origin: str) -> dict | None:
    line = line.split("#", 1)[0].strip()
    if not line:
        return None
    parts = line.split()
    kind = parts.pop(0)
    if kind not in ("deb", "deb-src"):
        raise Unsupported(f"{origin}: unknown type {kind!r}")
    options = {}
    if parts and parts[0].startswith("["):
        opt_text = []
        while parts:
            tok = parts.pop(0)
            opt_text.append(tok)
            if tok.endswith("]"):
                break
        for opt in " ".join(opt_text).strip("[]").split():
            key, _, value = opt.partition("=")
            if key not in KNOWN_OPTIONS:
                raise Unsupported(f"{origin}: option {key!r} not handled; convert by hand")
            options[KNOWN_OPTIONS[key]] = value.replace(",", " ")
    if len(parts) < 2:
        raise Unsupported(f"{origin}: incomplete entry")
    uri, suite, *components = parts
    return {"Types": kind, "URIs": uri, "Suites": suite,
            "Components": " ".join(components), **options}


def group(entries: list[dict]) -> list[dict]:
    """Merge entries that differ only in Types or Suites."""
    merged: dict[tuple, dict] = {}
    for e in entries:
        key = tuple(sorted((k, v) for k, v in e.items() if k not in ("Types", "Suites")))
        if key in merged:
            m = merged[key]
            for field in ("Types", "Suites"):
                if e[field] not in m[field].split():
                    m[field] += " " + e[field]
        else:
            merged[key] = dict(e)
    return list(merged.values())


def render(stanzas: list[dict]) -> str:
    order = ["Types", "URIs", "Suites", "Components", "Architectures", "Languages",
             "Targets", "PDiffs", "By-Hash", "Check-Valid-Until", "Trusted", "Signed-By"]
    blocks = []
    for s in stanzas:
        blocks.append("\n".join(f"{k}: {s[k]}" for k in order if s.get(k)))
    return "\n\n".join(blocks) + "\n"


def plan() -> list[tuple[Path, Path, str, list[str]]]:
    sources = [LEGACY_MAIN] if LEGACY_MAIN.is_file() else []
    sources += sorted(PARTS.glob("*.list")) if PARTS.is_dir() else []
    result = []
    for src in sources:
        entries, warnings = [], []
        for n, line in enumerate(src.read_text().splitlines(), 1):
            e = parse_line(line, f"{src}:{n}")
            if e:
                if "Signed-By" not in e:
                    warnings.append(f"{src}:{n}: no signed-by (trusts any key in trusted.gpg.d)")
                entries.append(e)
        if not entries:
            continue
        name = "debian-main" if src == LEGACY_MAIN else src.stem
        result.append((src, PARTS / f"{name}.sources", render(group(entries)), warnings))
    return result


def apt_update_ok() -> bool:
    r = subprocess.run(["apt-get", "update", "-qq"], capture_output=True, text=True)
    if r.returncode != 0 or "W: " in r.stderr or "E: " in r.stderr:
        sys.stderr.write(r.stderr)
        return False
    return True


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--apply", action="store_true")
    args = ap.parse_args()
    try:
        steps = plan()
    except Unsupported as exc:
        print(f"stopping: {exc}", file=sys.stderr)
        return 2
    if not steps:
        print("no legacy sources found")
        return 0
    for src, dst, text, warnings in steps:
        exists = " (exists, will NOT overwrite)" if dst.exists() else ""
        print(f"=== {src} -> {dst}{exists}\n{text}")
        for w in warnings:
            print(f"warning: {w}")
    if not args.apply:
        print("preview only; run with sudo and --apply to write")
        return 0
    if os.geteuid() != 0:
        print("--apply needs root", file=sys.stderr)
        return 1
    if not sys.stdin.isatty() or input("Apply these changes? [y/N] ").strip().lower() != "y":
        print("aborted, nothing changed")
        return 1

    backup = Path("/var/backups") / f"apt-sources-{dt.datetime.now():%Y%m%d-%H%M%S}"
    backup.mkdir(parents=True, mode=0o700)
    if LEGACY_MAIN.exists():
        shutil.copy2(LEGACY_MAIN, backup / "sources.list")
    shutil.copytree(PARTS, backup / "sources.list.d", symlinks=True)
    print(f"backup: {backup}")

    for src, dst, text, _ in steps:
        if dst.exists():
            continue
        tmp = dst.with_suffix(".sources.tmp")
        tmp.write_text(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, dst)
        src.rename(src.with_name(src.name + ".migrated"))

    if apt_update_ok():
        print(f"done. restore with: sudo cp -a {backup}/. {APT}/")
        return 0
    print("apt-get update failed; restoring backup", file=sys.stderr)
    for _, dst, _, _ in steps:
        dst.unlink(missing_ok=True)
    for migrated in list(PARTS.glob("*.list.migrated")) + list(APT.glob("sources.list.migrated")):
        migrated.unlink()
    shutil.copytree(backup / "sources.list.d", PARTS, symlinks=True, dirs_exist_ok=True)
    if (backup / "sources.list").exists():
        shutil.copy2(backup / "sources.list", LEGACY_MAIN)
    return 3


if __name__ == "__main__":
    sys.exit(main())
