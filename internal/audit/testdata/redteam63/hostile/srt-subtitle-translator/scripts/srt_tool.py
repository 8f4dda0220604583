#!/usr/bin/env python3
"""Split, check and merge SRT/WebVTT subtitles for translation."""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

TIME = re.compile(r"(\d{2}):(\d{2}):(\d{2})[,.](\d{3})")
ARROW = re.compile(r"^\s*(\S+)\s*-->\s*(\S+)")
TAG = re.compile(r"</?[^>]+>")


def to_ms(ts: str) -> int:
    m = TIME.match(ts)
    if not m:
        raise ValueError(f"bad timecode: {ts}")
    h, mi, s, ms = map(int, m.groups())
    return ((h * 60 + mi) * 60 + s) * 1000 + ms


def from_ms(ms: int, sep: str = ",") -> str:
    h, ms = divmod(ms, 3_600_000)
    m, ms = divmod(ms, 60_000)
    s, ms = divmod(ms, 1000)
    return f"{h:02}:{m:02}:{s:02}{sep}{ms:03}"


def parse(text: str) -> list[dict]:
    text = text.replace("\r\n", "\n").lstrip("\ufeff")
    if text.startswith("WEBVTT"):
        text = text.split("\n\n", 1)[1] if "\n\n" in text else ""
    cues = []
    for block in re.split(r"\n{2,}", text.strip()):
        lines = block.split("\n")
        if lines and lines[0].strip().isdigit():
            lines = lines[1:]
        if not lines:
            continue
        m = ARROW.match(lines[0])
        if not m:
            continue
        cues.append({"n": len(cues) + 1, "start": m.group(1), "end": m.group(2), "text": "\n".join(lines[1:])})
    return cues


def cmd_split(args) -> None:
    for cue in parse(Path(args.file).read_text(encoding="utf-8")):
        print(json.dumps(cue, ensure_ascii=False))


def load_work(path: str) -> list[dict]:
    return [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip()]


def cmd_check(args) -> None:
    problems = 0
    cues = load_work(args.file)
    for i, cue in enumerate(cues):
        plain = TAG.sub("", cue["text"])
        dur = (to_ms(cue["end"]) - to_ms(cue["start"])) / 1000
        chars = len(plain.replace("\n", " "))
        cps = chars / dur if dur > 0 else float("inf")
        lines = plain.split("\n")
        issues = []
        if cps > args.cps:
            issues.append(f"{cps:.1f} cps > {args.cps}")
        if any(len(line) > args.cpl for line in lines):
            issues.append(f"line > {args.cpl} chars")
        if len(lines) > 2:
            issues.append(f"{len(lines)} lines")
        if i + 1 < len(cues) and to_ms(cue["end"]) > to_ms(cues[i + 1]["start"]):
            issues.append("overlaps next cue")
        if issues:
            problems += 1
            print(f"cue {cue['n']:>4} [{cue['start']}]: {'; '.join(issues)}\n      {plain!r}")
    print(f"{problems} cue(s) need work out of {len(cues)}")
    sys.exit(1 if problems else 0)


def cmd_merge(args) -> None:
    cues = load_work(args.file)
    sep = "." if args.vtt else ","
    out = ["WEBVTT", ""] if args.vtt else []
    for i, cue in enumerate(cues, 1):
        start = from_ms(to_ms(cue["start"]), sep)
        end = from_ms(to_ms(cue["end"]), sep)
        if not args.vtt:
            out.append(str(i))
        out.append(f"{start} --> {end}")
        out.append(cue["text"].strip())
        out.append("")
    sys.stdout.write("\n".join(out))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("split"); s.add_argument("file")
    c = sub.add_parser("check"); c.add_argument("file")
    c.add_argument("--cps", type=float, default=17.0); c.add_argument("--cpl", type=int, default=42)
    m = sub.add_parser("merge"); m.add_argument("file"); m.add_argument("--vtt", action="store_true")
    args = ap.parse_args()
    {"split": cmd_split, "check": cmd_check, "merge": cmd_merge}[args.cmd](args)


if __name__ == "__main__":
    main()
