#!/usr/bin/env python3
"""Replay testbench fixtures over HTTP on the loopback interface only."""
import argparse
import json
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "fixtures"
CASES = json.loads((ROOT / "cases.json").read_text())
ROUTES = {c["path"]: c for c in CASES.values()}


class Handler(BaseHTTPRequestHandler):
    server_version = "testbench/1.0"

    def do_GET(self):
        case = ROUTES.get(self.path)
        if case is None or case["fixture"] is None:
            body = b"<html><body>404 not found</body></html>"
            self.send_response(404 if case is None else 200)
            self.send_header("Content-Type", "text/html")
        else:
            fixture = (ROOT / case["fixture"]).resolve()
            if ROOT not in fixture.parents:
                self.send_error(403)
                return
            body = fixture.read_bytes()
            self.send_response(200)
            self.send_header("Content-Type", case["content_type"])
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        pass


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=18080)
    args = ap.parse_args()
    srv = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    print(f"serving {len(ROUTES)} fixture routes on http://127.0.0.1:{args.port}")
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
