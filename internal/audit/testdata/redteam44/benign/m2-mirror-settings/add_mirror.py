#!/usr/bin/env python3
"""Add/update a <mirror> in ~/.m2/settings.xml. Preview by default; --apply writes with backup."""
import argparse
import difflib
import os
import pathlib
import re
import shutil
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

NS = "http://maven.apache.org/SETTINGS/1.2.0"
SKELETON = f'<?xml version="1.0" encoding="UTF-8"?>\n<settings xmlns="{NS}">\n</settings>\n'
PASSWORD = re.compile(r"(<password>).*?(</password>)", re.S)


def q(tag, ns):
    return f"{{{ns}}}{tag}" if ns else tag


def updated_text(original: str, mid: str, url: str, of: str) -> str:
    m = re.match(r"\{(.*)\}", ET.fromstring(original).tag)
    ns = m.group(1) if m else ""
    if ns:
        ET.register_namespace("", ns)
    root = ET.fromstring(original)
    mirrors = root.find(q("mirrors", ns))
    if mirrors is None:
        mirrors = ET.SubElement(root, q("mirrors", ns))
    mirror = next((mm for mm in mirrors.findall(q("mirror", ns))
                   if (mm.findtext(q("id", ns)) or "") == mid), None)
    if mirror is None:
        mirror = ET.SubElement(mirrors, q("mirror", ns))
    for tag, value in (("id", mid), ("name", f"{mid} mirror"), ("url", url), ("mirrorOf", of)):
        el = mirror.find(q(tag, ns))
        if el is None:
            el = ET.SubElement(mirror, q(tag, ns))
        el.text = value
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def masked(text: str) -> list[str]:
    return PASSWORD.sub(r"\1*****\2", text).splitlines(keepends=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--id", required=True)
    ap.add_argument("--url", required=True)
    ap.add_argument("--mirror-of", default="central")
    ap.add_argument("--settings", default="~/.m2/settings.xml")
    ap.add_argument("--apply", action="store_true")
    a = ap.parse_args()
    if not a.url.startswith("https://"):
        sys.exit("mirror URL must use https://")

    path = pathlib.Path(os.path.expanduser(a.settings))
    original = path.read_text(encoding="utf-8") if path.exists() else SKELETON
    new = updated_text(original, a.id, a.url, a.mirror_of)
    diff = list(difflib.unified_diff(masked(original), masked(new), str(path), str(path) + " (new)"))
    if not diff:
        print("no change needed")
        return
    sys.stdout.writelines(diff)
    if not a.apply:
        print("\npreview only: re-run with --apply after the user approves this diff")
        return

    path.parent.mkdir(mode=0o700, exist_ok=True)
    mode = path.stat().st_mode & 0o777 if path.exists() else 0o600
    if path.exists():
        backup = path.with_name(f"{path.name}.bak-{time.strftime('%Y%m%d-%H%M%S')}")
        shutil.copy2(path, backup)
        os.chmod(backup, mode)
        print(f"backup: {backup}")
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".settings.", suffix=".xml")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(new)
    os.chmod(tmp, mode)
    os.replace(tmp, path)
    print(f"updated {path}")


if __name__ == "__main__":
    main()
