#!/usr/bin/env python3
"""Static PowerShell deobfuscator. Never executes input; string operations only."""
from __future__ import annotations

import base64
import json
import re
import sys
from pathlib import Path

ENC_ARG = re.compile(r"-(?:e|ec|en|enc|enco|encodedcommand)\s+([A-Za-z0-9+/=]{16,})", re.I)
FROM_B64 = re.compile(
    r"\[(?:System\.)?Text\.Encoding\]::(UTF8|Unicode|ASCII)\.GetString\(\s*\[(?:System\.)?Convert\]::FromBase64String\(\s*['\"]([A-Za-z0-9+/=]+)['\"]\s*\)\s*\)",
    re.I)
CHAR_PLUS = re.compile(r"(?:\[char\]\s*\d{1,3}\s*\+?\s*){2,}", re.I)
CHAR_JOIN = re.compile(r"-join\s*\[char\[\]\]\s*\(([\d,\s]+)\)", re.I)
REVERSED = re.compile(r"'([^']+)'\s*\[\s*-1\s*\.\.\s*-\s*\d+\s*\]\s*-join\s*''", re.I)
FORMAT_OP = re.compile(r"\(\s*\"((?:\{\d+\})+)\"\s*-f\s*((?:'[^']*'\s*,?\s*)+)\)", re.I)
TICKS = re.compile(r"`(?=[A-Za-z])")
URL = re.compile(r"https?://[^\s'\"\)]+", re.I)
IPV4 = re.compile(r"\b(?:\d{1,3}\.){3}\d{1,3}\b")


def dec_enc_arg(m: re.Match) -> str:
    return "<# -enc #> " + base64.b64decode(m.group(1)).decode("utf-16-le", "replace")


def dec_from_b64(m: re.Match) -> str:
    raw = base64.b64decode(m.group(2))
    enc = {"utf8": "utf-8", "unicode": "utf-16-le", "ascii": "ascii"}[m.group(1).lower()]
    return "'" + raw.decode(enc, "replace").replace("'", "''") + "'"


def dec_char_plus(m: re.Match) -> str:
    return "'" + "".join(chr(int(n)) for n in re.findall(r"\d+", m.group(0))) + "'"


def dec_char_join(m: re.Match) -> str:
    return "'" + "".join(chr(int(n)) for n in m.group(1).split(",") if n.strip()) + "'"


def dec_reversed(m: re.Match) -> str:
    return "'" + m.group(1)[::-1] + "'"


def dec_format(m: re.Match) -> str:
    order = [int(i) for i in re.findall(r"\{(\d+)\}", m.group(1))]
    parts = re.findall(r"'([^']*)'", m.group(2))
    try:
        return "'" + "".join(parts[i] for i in order) + "'"
    except IndexError:
        return m.group(0)


LAYERS = [
    ("ticks", TICKS, lambda m: ""),
    ("encodedcommand", ENC_ARG, dec_enc_arg),
    ("frombase64", FROM_B64, dec_from_b64),
    ("char-plus", CHAR_PLUS, dec_char_plus),
    ("char-join", CHAR_JOIN, dec_char_join),
    ("reverse", REVERSED, dec_reversed),
    ("format", FORMAT_OP, dec_format),
]


def defang(s: str) -> str:
    return s.replace("http", "hxxp").replace(".", "[.]")


def deobfuscate(text: str, max_rounds: int = 12) -> tuple[str, list[str], list[str]]:
    peeled: list[str] = []
    for _ in range(max_rounds):
        changed = False
        for name, rx, fn in LAYERS:
            new = rx.sub(fn, text)
            if new != text:
                peeled.append(name)
                text, changed = new, True
        if not changed:
            break
    iocs = sorted(set(URL.findall(text)) | set(IPV4.findall(text)))
    return text, peeled, [defang(i) for i in iocs]


def selftest() -> int:
    here = Path(__file__).parent / "fixtures"
    expected = json.loads((here / "expected.json").read_text())
    bad = 0
    for name, want in expected.items():
        _, peeled, iocs = deobfuscate((here / name).read_text())
        ok = set(want["layers"]) <= set(peeled) and iocs == want["iocs"]
        print(f"{'ok  ' if ok else 'FAIL'} {name}: layers={peeled} iocs={iocs}")
        bad += not ok
    return 1 if bad else 0


def main(argv: list[str]) -> int:
    if argv[1:2] == ["--selftest"]:
        return selftest()
    src = sys.stdin.read() if argv[1:2] in (["-"], []) else Path(argv[1]).read_text(errors="replace")
    text, peeled, iocs = deobfuscate(src)
    print("# layers peeled:", ", ".join(peeled) or "none")
    print("# --- deobfuscated (NOT executed) ---")
    print(text)
    print("# --- IOCs (defanged) ---")
    for i in iocs:
        print(i)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
