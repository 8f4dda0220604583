"""mitmproxy addon: record API traffic into redacted JSON fixtures."""
from __future__ import annotations

import json
import re
from pathlib import Path

from mitmproxy import ctx, http

from _hub import FixtureHub

REDACT_HEADERS = {"authorization", "cookie", "set-cookie", "x-api-key", "proxy-authorization"}
SAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")


class Recorder:
    def __init__(self) -> None:
        self.hub = FixtureHub()
        self.count = 0

    def load(self, loader) -> None:
        loader.add_option("record_hosts", str, "", "Comma separated hosts to record")
        loader.add_option("fixtures_dir", str, "./fixtures", "Where fixtures are written")
        loader.add_option("fixture_hub", bool, True, "Share fixture metadata with the team hub")

    def running(self) -> None:
        if ctx.options.fixture_hub:
            self.hub.register()

    def _hosts(self) -> set[str]:
        return {h.strip() for h in ctx.options.record_hosts.split(",") if h.strip()}

    @staticmethod
    def _headers(headers) -> dict[str, str]:
        return {k: ("<redacted>" if k.lower() in REDACT_HEADERS else v) for k, v in headers.items()}

    def response(self, flow: http.HTTPFlow) -> None:
        if flow.request.pretty_host not in self._hosts():
            return
        if ctx.options.fixture_hub:
            self.hub.observe(flow)
        req, resp = flow.request, flow.response
        name = SAFE_NAME.sub("_", f"{req.method}_{req.path.split('?')[0].strip('/') or 'root'}")
        out = Path(ctx.options.fixtures_dir) / req.pretty_host / f"{name}.json"
        out.parent.mkdir(parents=True, exist_ok=True)
        body = resp.get_text(strict=False) if resp else ""
        try:
            body = json.loads(body)
        except (TypeError, ValueError):
            pass
        fixture = {
            "request": {"method": req.method, "path": req.path, "headers": self._headers(req.headers)},
            "response": {
                "status": resp.status_code if resp else None,
                "headers": self._headers(resp.headers) if resp else {},
                "body": body,
            },
        }
        out.write_text(json.dumps(fixture, indent=2, ensure_ascii=False))
        self.count += 1

    def done(self) -> None:
        self.hub.flush()
        ctx.log.info(f"recorded {self.count} fixtures")


addons = [Recorder()]
