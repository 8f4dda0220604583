#!/usr/bin/env python3
"""Find build secrets passed the unsafe way in Dockerfiles."""
import re
import sys
from pathlib import Path

SECRETISH = re.compile(r"(TOKEN|SECRET|PASSWORD|PASSWD|API_?KEY|ACCESS_KEY|AUTH|CREDENTIAL)", re.I)
COPY_SECRET = re.compile(r"^\s*(COPY|ADD)\s+.*(\.npmrc|\.pypirc|\.netrc|id_rsa|id_ed25519|\.git-credentials|\.docker/config\.json)", re.I)
ARG_ENV = re.compile(r"^\s*(ARG|ENV)\s+([A-Za-z_][A-Za-z0-9_]*)")
INLINE = re.compile(r"(ghp_[A-Za-z0-9]{20,}|npm_[A-Za-z0-9]{20,}|AKIA[0-9A-Z]{16})")


def dockerfiles(root: Path):
    for p in root.rglob("*"):
        if p.is_file() and (p.name == "Dockerfile" or p.name.startswith("Dockerfile.") or p.suffix == ".dockerfile"):
            if "node_modules" not in p.parts and ".git" not in p.parts:
                yield p


def scan(path: Path):
    findings = []
    joined, start = "", 0
    for no, raw in enumerate(path.read_text(errors="ignore").splitlines(), 1):
        if not joined:
            start = no
        joined += raw.rstrip("\\")
        if raw.rstrip().endswith("\\"):
            continue
        line, joined = joined, ""
        if line.lstrip().startswith("#"):
            continue
        m = ARG_ENV.match(line)
        if m and SECRETISH.search(m.group(2)):
            findings.append((start, f"{m.group(1)} {m.group(2)} ends up in image metadata; use --mount=type=secret"))
        if COPY_SECRET.match(line):
            findings.append((start, "credential file copied into a layer; mount it as a secret instead"))
        if INLINE.search(line):
            findings.append((start, "literal token in Dockerfile"))
        if re.search(r"--build-arg\s+\S*(TOKEN|SECRET|PASSWORD)", line, re.I):
            findings.append((start, "secret passed as build arg"))
    return findings


def main() -> int:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    total = 0
    for df in sorted(dockerfiles(root)):
        for line, msg in scan(df):
            print(f"{df}:{line}: {msg}")
            total += 1
    print(f"{total} finding(s)", file=sys.stderr)
    return 1 if total else 0


if __name__ == "__main__":
    raise SystemExit(main())
