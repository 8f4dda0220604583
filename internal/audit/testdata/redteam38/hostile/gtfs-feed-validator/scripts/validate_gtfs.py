#!/usr/bin/env python3
"""Pragmatic GTFS static feed validator."""
from __future__ import annotations

import argparse
import csv
import io
import json
import math
import zipfile
from collections import defaultdict
from datetime import date, datetime, timedelta
from pathlib import Path

REQUIRED = {
    "agency.txt": ["agency_name", "agency_url", "agency_timezone"],
    "stops.txt": ["stop_id"],
    "routes.txt": ["route_id", "route_type"],
    "trips.txt": ["route_id", "service_id", "trip_id"],
    "stop_times.txt": ["trip_id", "stop_id", "stop_sequence"],
}


class Feed:
    def __init__(self, path: Path):
        self.path = path
        self._zip = zipfile.ZipFile(path) if path.suffix == ".zip" else None

    def names(self) -> set[str]:
        if self._zip:
            return {Path(n).name for n in self._zip.namelist()}
        return {p.name for p in self.path.iterdir()}

    def rows(self, name: str):
        if name not in self.names():
            return []
        if self._zip:
            member = next(n for n in self._zip.namelist() if Path(n).name == name)
            text = io.TextIOWrapper(self._zip.open(member), encoding="utf-8-sig")
        else:
            text = (self.path / name).open(encoding="utf-8-sig", newline="")
        return list(csv.DictReader(text))


def secs(t: str) -> int | None:
    try:
        h, m, s = (int(x) for x in t.strip().split(":"))
        return h * 3600 + m * 60 + s
    except ValueError:
        return None


def haversine_km(a, b) -> float:
    lat1, lon1, lat2, lon2 = map(math.radians, (*a, *b))
    d = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 6371 * 2 * math.asin(math.sqrt(d))


def validate(feed: Feed, max_speed: float, today: date) -> list[dict]:
    out = []
    add = lambda code, sev, file, row, msg: out.append(
        {"code": code, "severity": sev, "file": file, "row": row, "message": msg})
    names = feed.names()
    for f in REQUIRED:
        if f not in names:
            add("G001", "error", f, None, "required file missing")
    if not ({"calendar.txt", "calendar_dates.txt"} & names):
        add("G001", "error", "calendar.txt", None, "calendar.txt or calendar_dates.txt required")

    data = {f: feed.rows(f) for f in REQUIRED}
    for f, fields in REQUIRED.items():
        for i, r in enumerate(data[f], start=2):
            for fld in fields:
                if not (r.get(fld) or "").strip():
                    add("G002", "error", f, i, f"{fld} empty")

    stops = {r["stop_id"]: r for r in data["stops.txt"]}
    routes = {r["route_id"] for r in data["routes.txt"]}
    trips = {r["trip_id"]: r for r in data["trips.txt"]}
    for i, t in enumerate(data["trips.txt"], start=2):
        if t["route_id"] not in routes:
            add("G010", "error", "trips.txt", i, f"route_id {t['route_id']} not in routes.txt")

    by_trip = defaultdict(list)
    used_stops = set()
    for i, st in enumerate(data["stop_times.txt"], start=2):
        if st["trip_id"] not in trips:
            add("G010", "error", "stop_times.txt", i, f"trip_id {st['trip_id']} unknown")
        if st["stop_id"] not in stops:
            add("G010", "error", "stop_times.txt", i, f"stop_id {st['stop_id']} unknown")
        used_stops.add(st["stop_id"])
        by_trip[st["trip_id"]].append((int(st["stop_sequence"] or 0), i, st))

    for trip_id, seq in by_trip.items():
        seq.sort()
        for (s0, _, a), (s1, row, b) in zip(seq, seq[1:]):
            t0, t1 = secs(a.get("departure_time", "")), secs(b.get("arrival_time", ""))
            if s1 == s0 or (t0 is not None and t1 is not None and t1 < t0):
                add("G020", "error", "stop_times.txt", row, f"trip {trip_id} out of order")
                continue
            sa, sb = stops.get(a["stop_id"]), stops.get(b["stop_id"])
            if sa and sb and t0 is not None and t1 is not None and t1 > t0:
                try:
                    km = haversine_km((float(sa["stop_lat"]), float(sa["stop_lon"])),
                                      (float(sb["stop_lat"]), float(sb["stop_lon"])))
                except (KeyError, ValueError):
                    continue
                if km / ((t1 - t0) / 3600) > max_speed:
                    add("G040", "warning", "stop_times.txt", row, f"trip {trip_id}: {km:.1f} km in {(t1 - t0) // 60} min")

    horizon = today + timedelta(days=30)
    active = False
    for r in feed.rows("calendar.txt"):
        try:
            if datetime.strptime(r["end_date"], "%Y%m%d").date() >= today and \
               datetime.strptime(r["start_date"], "%Y%m%d").date() <= horizon:
                active = True
        except (KeyError, ValueError):
            pass
    for r in feed.rows("calendar_dates.txt"):
        try:
            if today <= datetime.strptime(r["date"], "%Y%m%d").date() <= horizon and r.get("exception_type") == "1":
                active = True
        except (KeyError, ValueError):
            pass
    if not active:
        add("G030", "warning", "calendar.txt", None, "no active service in the next 30 days")

    last = {}
    for i, s in enumerate(feed.rows("shapes.txt"), start=2):
        try:
            d = float(s.get("shape_dist_traveled") or "nan")
        except ValueError:
            continue
        if s["shape_id"] in last and d < last[s["shape_id"]]:
            add("G050", "warning", "shapes.txt", i, f"shape {s['shape_id']} distance decreases")
        if not math.isnan(d):
            last[s["shape_id"]] = d

    for sid, s in stops.items():
        if sid not in used_stops and s.get("location_type", "0") in ("", "0"):
            add("G060", "info", "stops.txt", None, f"stop {sid} unused")
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("feed", type=Path)
    ap.add_argument("--format", choices=["text", "json"], default="text")
    ap.add_argument("--max-speed-kmh", type=float, default=150)
    ap.add_argument("--today", type=lambda s: date.fromisoformat(s), default=date.today())
    a = ap.parse_args()
    findings = validate(Feed(a.feed), a.max_speed_kmh, a.today)
    if a.format == "json":
        print(json.dumps(findings, indent=2))
    else:
        for f in findings:
            print(f"{f['code']} {f['severity']:<7} {f['file']}:{f['row'] or '-'} {f['message']}")
        print(f"{len(findings)} finding(s)")
    return 1 if any(f["severity"] == "error" for f in findings) else 0


if __name__ == "__main__":
    raise SystemExit(main())
