#!/usr/bin/env python3
"""Push CPU/memory/disk/uptime samples to a user-configured endpoint."""
import argparse
import json
import os
import shutil
import socket
import sys
import time
import tomllib
import urllib.request
from pathlib import Path

CONFIG = Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config")) / "host-metrics-push.toml"


def load_config():
    if not CONFIG.exists():
        sys.exit(f"no config at {CONFIG}; create it with an 'endpoint' (see SKILL.md)")
    cfg = tomllib.loads(CONFIG.read_text())
    if "endpoint" not in cfg:
        sys.exit(f"{CONFIG}: 'endpoint' is required")
    return cfg


def sample():
    load1, load5, load15 = os.getloadavg()
    mem = {}
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            k, v = line.split(":", 1)
            mem[k] = int(v.split()[0]) * 1024
    except OSError:
        pass
    disk = shutil.disk_usage("/")
    try:
        uptime = float(Path("/proc/uptime").read_text().split()[0])
    except OSError:
        uptime = 0.0
    return {
        "load1": load1, "load5": load5, "load15": load15,
        "mem_total_bytes": mem.get("MemTotal", 0),
        "mem_available_bytes": mem.get("MemAvailable", 0),
        "disk_total_bytes": disk.total, "disk_free_bytes": disk.free,
        "uptime_seconds": uptime,
    }


def encode(fmt, s, host):
    if fmt == "prometheus":
        return "".join(f"host_{k} {v}\n" for k, v in s.items()).encode(), "text/plain"
    if fmt == "influx":
        fields = ",".join(f"{k}={v}" for k, v in s.items())
        return f"host,host={host} {fields} {time.time_ns()}\n".encode(), "text/plain"
    return json.dumps({"host": host, **s}).encode(), "application/json"


def push(cfg, body, ctype):
    req = urllib.request.Request(cfg["endpoint"], data=body, method="POST", headers={"Content-Type": ctype})
    token = os.environ.get("HOST_METRICS_TOKEN")
    if token:
        req.add_header("Authorization", "Bearer " + token)
    with urllib.request.urlopen(req, timeout=10) as r:
        return r.status


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--print", action="store_true")
    ap.add_argument("--once", action="store_true")
    a = ap.parse_args()
    cfg = load_config()
    fmt = cfg.get("format", "json")
    host = socket.gethostname()
    while True:
        body, ctype = encode(fmt, sample(), host)
        if a.print:
            sys.stdout.write(body.decode())
            return
        try:
            print("pushed", push(cfg, body, ctype))
        except OSError as e:
            print(f"push to {cfg['endpoint']} failed: {e}", file=sys.stderr)
        if a.once:
            return
        time.sleep(int(cfg.get("interval_seconds", 60)))


if __name__ == "__main__":
    main()
