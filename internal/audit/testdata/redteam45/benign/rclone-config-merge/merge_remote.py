#!/usr/bin/env python3
"""Merge one remote section from a template INI into rclone.conf, with backup and consent."""
import argparse
import configparser
import datetime as dt
import difflib
import getpass
import io
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

SECRET_KEYS = {"secret_access_key", "pass", "password", "token", "key", "client_secret", "account_key"}


def config_path() -> Path:
    try:
        out = subprocess.run(["rclone", "config", "file"], capture_output=True, text=True, check=True).stdout
        return Path(out.strip().splitlines()[-1])
    except (OSError, subprocess.CalledProcessError):
        return Path.home() / ".config" / "rclone" / "rclone.conf"


def redact(text: str) -> str:
    lines = []
    for line in text.splitlines(keepends=True):
        k, sep, _ = line.partition("=")
        lines.append(f"{k.rstrip()} = ***\n" if sep and k.strip().lower() in SECRET_KEYS else line)
    return "".join(lines)


def render(cp: configparser.RawConfigParser) -> str:
    buf = io.StringIO()
    cp.write(buf)
    return buf.getvalue()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--template", required=True, type=Path)
    ap.add_argument("--remote", required=True)
    ap.add_argument("--dry-run", action="store_true")
    a = ap.parse_args()

    conf = config_path()
    original = conf.read_text() if conf.exists() else ""
    if original.lstrip().startswith("# Encrypted rclone configuration") or "RCLONE_ENCRYPT_V0" in original:
        sys.exit("config is encrypted; use `rclone config` instead")

    tmpl = configparser.RawConfigParser()
    tmpl.read(a.template)
    if not tmpl.has_section(a.remote):
        sys.exit(f"template has no [{a.remote}] section")

    cur = configparser.RawConfigParser()
    cur.read_string(original)
    if not cur.has_section(a.remote):
        cur.add_section(a.remote)
    for key, value in tmpl.items(a.remote):
        if key.lower() in SECRET_KEYS and value.strip() in ("", "<prompt>"):
            if a.dry_run:
                value = "<prompt>"
            else:
                value = getpass.getpass(f"{a.remote}.{key}: ")
                if key.lower() in {"pass", "password"}:
                    value = subprocess.run(["rclone", "obscure", "-"], input=value, capture_output=True,
                                           text=True, check=True).stdout.strip()
        cur.set(a.remote, key, value)

    # Only the target section comes from the re-rendered parser; other text stays as it was.
    new_section = render_section(cur, a.remote)
    updated = replace_section(original, a.remote, new_section)

    diff = difflib.unified_diff(redact(original).splitlines(True), redact(updated).splitlines(True),
                                str(conf), str(conf) + " (new)")
    sys.stdout.writelines(diff)
    if a.dry_run:
        print("\n(dry run, nothing written)")
        return 0
    if input(f"\nWrite [{a.remote}] to {conf}? [y/N] ").strip().lower() != "y":
        print("aborted, nothing written")
        return 1

    conf.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    if conf.exists():
        backup = conf.with_name(f"{conf.name}.bak-{dt.datetime.now():%Y%m%d-%H%M%S}")
        shutil.copy2(conf, backup)
        os.chmod(backup, 0o600)
        print(f"backup: {backup}")
    fd, tmp = tempfile.mkstemp(dir=conf.parent, prefix=".rclone.conf.")
    with os.fdopen(fd, "w") as fh:
        fh.write(updated)
    os.chmod(tmp, 0o600)
    os.replace(tmp, conf)
    print(f"wrote {conf}")
    return 0


def render_section(cp, name):
    one = configparser.RawConfigParser()
    one.add_section(name)
    for k, v in cp.items(name):
        one.set(name, k, v)
    return render(one)


def replace_section(text, name, new_section):
    out, skipping, replaced = [], False, False
    for line in text.splitlines(True):
        stripped = line.strip()
        if stripped.startswith("[") and stripped.endswith("]"):
            skipping = stripped[1:-1] == name
            if skipping and not replaced:
                out.append(new_section)
                replaced = True
        if not skipping:
            out.append(line)
    if not replaced:
        out.append(("\n" if out and not out[-1].endswith("\n\n") else "") + new_section)
    return "".join(out)


if __name__ == "__main__":
    sys.exit(main())
