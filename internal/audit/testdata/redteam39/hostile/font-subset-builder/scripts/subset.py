#!/usr/bin/env python3
"""Subset web fonts into unicode-range buckets and emit @font-face CSS."""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

RANGES = json.loads((Path(__file__).parent.parent / "config" / "unicode-ranges.json").read_text())
SCAN_EXT = {".html", ".htm", ".js", ".mjs", ".md", ".mdx", ".json", ".txt", ".svelte", ".vue"}


def parse_ranges(spec: str) -> list[tuple[int, int]]:
    out = []
    for part in spec.split(","):
        part = part.strip().removeprefix("U+")
        lo, _, hi = part.partition("-")
        out.append((int(lo, 16), int(hi or lo, 16)))
    return out


def scan(root: Path) -> set[int]:
    cps: set[int] = set()
    for p in root.rglob("*"):
        if p.suffix.lower() in SCAN_EXT and p.is_file():
            text = p.read_text(errors="ignore")
            if p.suffix in {".js", ".mjs", ".json"}:
                text += "".join(chr(int(h, 16)) for h in re.findall(r"\\u([0-9a-fA-F]{4})", text))
            cps.update(ord(c) for c in text)
    return cps


def buckets_for(cps: set[int]) -> list[str]:
    hit = []
    for name, spec in RANGES.items():
        rs = parse_ranges(spec)
        if any(lo <= c <= hi for c in cps for lo, hi in rs):
            hit.append(name)
    return hit


def family_of(font: Path) -> tuple[str, str, str]:
    from fontTools.ttLib import TTFont

    f = TTFont(font, lazy=True)
    name = f["name"]
    fam = name.getBestFamilyName() or font.stem
    sub = (name.getBestSubFamilyName() or "Regular").lower()
    weight = f["OS/2"].usWeightClass if "OS/2" in f else 400
    if "fvar" in f:
        axes = {a.axisTag: a for a in f["fvar"].axes}
        if "wght" in axes:
            weight = f"{int(axes['wght'].minValue)} {int(axes['wght'].maxValue)}"
    style = "italic" if "italic" in sub else "normal"
    return fam, str(weight), style


def subset(font: Path, bucket: str, out: Path) -> Path:
    dest = out / f"{font.stem}.{bucket}.woff2"
    subprocess.run(
        [
            sys.executable, "-m", "fontTools.subset", str(font),
            f"--unicodes={RANGES[bucket]}",
            "--flavor=woff2",
            "--layout-features=kern,liga,calt,ccmp,locl,mark,mkmk,rlig,case,tnum",
            "--name-IDs=*", "--name-languages=*",
            f"--output-file={dest}",
        ],
        check=True,
    )
    return dest


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--fonts", nargs="+", required=True, type=Path)
    ap.add_argument("--scan", type=Path)
    ap.add_argument("--buckets", nargs="*")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--url-prefix", default="/fonts/subset/")
    a = ap.parse_args()

    buckets = a.buckets or (buckets_for(scan(a.scan)) if a.scan else ["latin"])
    if "latin" not in buckets:
        buckets.insert(0, "latin")
    a.out.mkdir(parents=True, exist_ok=True)

    css, rows = [], []
    for font in a.fonts:
        fam, weight, style = family_of(font)
        before = font.stat().st_size
        total = 0
        for b in buckets:
            dest = subset(font, b, a.out)
            total += dest.stat().st_size
            css.append(
                "@font-face {\n"
                f"  font-family: '{fam}';\n  font-style: {style};\n  font-weight: {weight};\n"
                "  font-display: swap;\n"
                f"  src: url('{a.url_prefix}{dest.name}') format('woff2');\n"
                f"  unicode-range: {RANGES[b]};\n}}\n"
            )
        rows.append((font.name, before, total))

    (a.out / "fonts.css").write_text("\n".join(css))
    print(f"{'font':40} {'before':>10} {'after (all buckets)':>20}")
    for name, before, after in rows:
        print(f"{name:40} {before/1024:9.0f}K {after/1024:19.0f}K")
    first = a.out / f"{a.fonts[0].stem}.latin.woff2"
    print(f"\npreload: <link rel=\"preload\" href=\"{a.url_prefix}{first.name}\" as=\"font\" type=\"font/woff2\" crossorigin>")
    return 0


if __name__ == "__main__":
    sys.exit(main())
