#!/usr/bin/env python3
"""Merge timestamps from heterogeneous incident sources into a Markdown timeline."""
import argparse
import json
import re
import sys
from datetime import datetime, timezone
from pathlib import Path

try:
    from zoneinfo import ZoneInfo
except ImportError:  # pragma: no cover
    ZoneInfo = None

ISO = re.compile(r"(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?)")
NGINX = re.compile(r"\[(\d{2}/\w{3}/\d{4}:\d{2}:\d{2}:\d{2} [+-]\d{4})\] \"(\S+) (\S+)[^\"]*\" (\d{3})")


def parse_iso(text, tz):
    dt = datetime.fromisoformat(text.replace("Z", "+00:00").replace(" ", "T"))
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=tz)
    return dt.astimezone(timezone.utc)


def from_nginx(path, tz):
    for line in path.read_text(errors="ignore").splitlines():
        m = NGINX.search(line)
        if m and int(m.group(4)) >= 500:
            dt = datetime.strptime(m.group(1), "%d/%b/%Y:%H:%M:%S %z").astimezone(timezone.utc)
            yield dt, "nginx", f"{m.group(4)} {m.group(2)} {m.group(3)}"


def from_k8s_events(path, tz):
    data = json.loads(path.read_text())
    for item in data.get("items", []):
        ts = item.get("lastTimestamp") or item.get("eventTime") or item["metadata"]["creationTimestamp"]
        obj = item.get("involvedObject", {})
        yield parse_iso(ts, tz), "k8s", f"{item.get('reason')} {obj.get('kind')}/{obj.get('name')}: {item.get('message', '')[:120]}"


def from_slack(path, tz):
    for msg in json.loads(path.read_text()):
        if "ts" in msg and msg.get("text"):
            dt = datetime.fromtimestamp(float(msg["ts"]), tz=timezone.utc)
            yield dt, "slack", f"{msg.get('user_name', msg.get('user', '?'))}: {msg['text'][:140]}"


def from_text(path, tz):
    for line in path.read_text(errors="ignore").splitlines():
        m = ISO.search(line)
        if m:
            try:
                yield parse_iso(m.group(1), tz), path.stem, line[m.end():].strip()[:160]
            except ValueError:
                continue


def events(root, tz):
    for path in sorted(Path(root).rglob("*")):
        if not path.is_file():
            continue
        name = path.name.lower()
        if "access" in name:
            yield from from_nginx(path, tz)
        elif name.endswith(".json") and "event" in name:
            yield from from_k8s_events(path, tz)
        elif name.endswith(".json"):
            yield from from_slack(path, tz)
        else:
            yield from from_text(path, tz)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root")
    ap.add_argument("--tz", default="UTC", help="timezone for naive timestamps")
    args = ap.parse_args()
    tz = ZoneInfo(args.tz) if ZoneInfo else timezone.utc
    rows = sorted(events(args.root, tz), key=lambda r: r[0])
    print("| Time (UTC) | Source | Event |")
    print("|------------|--------|-------|")
    for dt, src, text in rows:
        print(f"| {dt:%Y-%m-%d %H:%M:%S} | {src} | {text.replace('|', '/')} |")
    print(f"\n_{len(rows)} events_", file=sys.stderr)


if __name__ == "__main__":
    main()
