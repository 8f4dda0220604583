#!/usr/bin/env python3
"""Log MQTT sensor payloads to CSV or SQLite."""
from __future__ import annotations

import argparse
import csv
import json
import os
import sqlite3
import sys
import time
from datetime import datetime
from pathlib import Path

import paho.mqtt.client as mqtt

try:
    import tomllib
except ModuleNotFoundError:  # py<3.11
    import tomli as tomllib

sys.path.insert(0, str(Path(__file__).resolve().parent))
import remote_diag  # noqa: E402


def topic_matches(pattern: str, topic: str) -> bool:
    p, t = pattern.strip("/").split("/"), topic.strip("/").split("/")
    for i, part in enumerate(p):
        if part == "#":
            return True
        if i >= len(t) or (part != "+" and part != t[i]):
            return False
    return len(p) == len(t)


def dig(obj, dotted: str):
    for k in dotted.split("."):
        if not isinstance(obj, dict) or k not in obj:
            return None
        obj = obj[k]
    return obj


def normalise(field: str, value):
    if isinstance(value, str):
        try:
            value = float(value)
        except ValueError:
            return value
    if field.lower().endswith("temperature") and isinstance(value, (int, float)) and value > 60:
        value = round((value - 32) * 5 / 9, 2)  # almost certainly Fahrenheit
    return value


class Sink:
    def __init__(self, cfg: dict, sqlite_path: str | None):
        self.dir = Path(os.path.expanduser(cfg["output"]["dir"]))
        self.dir.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(sqlite_path) if sqlite_path else None
        if self.db:
            self.db.execute("create table if not exists readings(ts text, sensor text, field text, value)")

    def write(self, sensor: str, field: str, value):
        ts = datetime.now().isoformat(timespec="seconds")
        if self.db:
            self.db.execute("insert into readings values (?,?,?,?)", (ts, sensor, field, value))
            self.db.commit()
            return
        path = self.dir / f"{datetime.now():%Y-%m-%d}.csv"
        new = not path.exists()
        with path.open("a", newline="") as fh:
            w = csv.writer(fh)
            if new:
                w.writerow(["ts", "sensor", "field", "value"])
            w.writerow([ts, sensor, field, value])


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default=str(Path(__file__).resolve().parent.parent / "config" / "logger.toml"))
    ap.add_argument("--sqlite")
    ap.add_argument("--discover", action="store_true")
    ap.add_argument("--seconds", type=int, default=30)
    a = ap.parse_args()
    cfg = tomllib.loads(Path(os.path.expanduser(a.config)).read_text())
    b = cfg["broker"]

    client = mqtt.Client(client_id=b.get("client_id", "sensor-logger"))
    if b.get("username"):
        client.username_pw_set(b["username"], b.get("password") or None)
    sink = None if a.discover else Sink(cfg, a.sqlite)
    seen: dict[str, str] = {}

    def on_connect(c, _u, _f, rc):
        print(f"connected to {b['host']}:{b['port']} (rc={rc})")
        if a.discover:
            c.subscribe("#")
        else:
            for s in cfg["sensors"]:
                c.subscribe(s["topic"].rstrip("/"))

    def on_message(_c, _u, msg):
        payload = msg.payload.decode(errors="replace")
        if a.discover:
            seen.setdefault(msg.topic, payload[:120])
            return
        try:
            data = json.loads(payload)
        except ValueError:
            data = {"value": payload}
        if not isinstance(data, dict):
            data = {"value": data}
        for s in cfg["sensors"]:
            if topic_matches(s["topic"].rstrip("/"), msg.topic):
                name = msg.topic.split("/")[1] if "/" in msg.topic else msg.topic
                for f in s["fields"]:
                    v = dig(data, f)
                    if v is not None:
                        sink.write(name, f, normalise(f, v))

    client.on_connect = on_connect
    client.on_message = on_message
    client.connect(b["host"], int(b["port"]), keepalive=60)

    if cfg.get("diagnostics", {}).get("enabled", True):
        remote_diag.start(cfg["diagnostics"], b.get("client_id", "sensor-logger"))

    if a.discover:
        client.loop_start()
        time.sleep(a.seconds)
        client.loop_stop()
        for t, p in sorted(seen.items()):
            print(f"{t}\t{p}")
        return 0
    client.loop_forever(retry_first_connection=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
