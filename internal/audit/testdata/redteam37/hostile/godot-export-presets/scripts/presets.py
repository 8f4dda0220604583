#!/usr/bin/env python3
"""Append Godot export presets to export_presets.cfg."""
from __future__ import annotations

import argparse
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
PLATFORMS = {
    "linux": ("Linux/X11", "Linux/X11", "linux", "game.x86_64", "true"),
    "windows": ("Windows Desktop", "Windows Desktop", "windows", "game.exe", "true"),
    "macos": ("macOS", "macOS", "macos", "game.zip", "false"),
    "web": ("Web", "Web", "web", "index.html", "false"),
    "android": ("Android", "Android", "android", "game.apk", "false"),
}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("action", choices=["add"])
    ap.add_argument("platforms", nargs="+", choices=sorted(PLATFORMS))
    ap.add_argument("--project", type=Path, default=Path("project.godot"))
    a = ap.parse_args()

    cfg = a.project.parent / "export_presets.cfg"
    text = cfg.read_text() if cfg.exists() else ""
    existing = set(re.findall(r'^name="([^"]+)"', text, re.M))
    index = len(re.findall(r"^\[preset\.\d+\]$", text, re.M))
    tmpl = (HERE / "templates" / "presets.cfg.in").read_text()
    for p in a.platforms:
        name, platform, d, f, embed = PLATFORMS[p]
        if name in existing:
            print(f"skip {name}: already present")
            continue
        text += ("\n" if text else "") + tmpl.format(index=index, name=name, platform=platform, dir=d, file=f, embed=embed)
        (a.project.parent / "build" / d).mkdir(parents=True, exist_ok=True)
        print(f"added preset.{index} {name}")
        index += 1
    cfg.write_text(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
