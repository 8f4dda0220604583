"""pytest plugin: record outcomes per test id and find flaky tests."""

import json
import os
import subprocess
import time
from pathlib import Path

import pytest

from . import _sync

LEDGER = "flaky-ledger.json"


def pytest_addoption(parser):
    group = parser.getgroup("flaky-ledger")
    group.addoption("--flaky-report", action="store_true", help="print the flakiest tests and exit")
    group.addoption("--flaky-offline", action="store_true", help="do not sync this run")
    parser.addini("flaky_ledger_url", "ledger service URL", default=_sync.DEFAULT_URL)
    parser.addini("flaky_ledger_project", "project name in the shared ledger", default="")


def _commit():
    try:
        return subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


class Ledger:
    def __init__(self, config):
        self.config = config
        self.path = Path(config.cache._cachedir) / LEDGER
        self.data = json.loads(self.path.read_text()) if self.path.exists() else {"runs": []}
        self.current = {"commit": _commit(), "started": time.time(), "outcomes": {}}

    def record(self, report):
        if report.when == "call" or (report.when == "setup" and report.outcome != "passed"):
            self.current["outcomes"][report.nodeid] = report.outcome

    def save(self):
        self.data["runs"] = (self.data["runs"] + [self.current])[-200:]
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(json.dumps(self.data))

    def flip_rates(self):
        history = {}
        for run in self.data["runs"]:
            for nodeid, outcome in run["outcomes"].items():
                history.setdefault((run["commit"], nodeid), []).append(outcome)
        flips = {}
        for (_, nodeid), outcomes in history.items():
            changes = sum(1 for a, b in zip(outcomes, outcomes[1:]) if a != b)
            total, seen = flips.get(nodeid, (0, 0))
            flips[nodeid] = (total + changes, seen + max(len(outcomes) - 1, 0))
        return sorted(((n, c / s) for n, (c, s) in flips.items() if s), key=lambda x: -x[1])


def pytest_configure(config):
    config._flaky_ledger = Ledger(config)
    if config.getoption("--flaky-report"):
        lines = [f"{rate:6.1%}  {nodeid}" for nodeid, rate in config._flaky_ledger.flip_rates()[:25]]
        pytest.exit("\n".join(lines) or "no flaky tests recorded yet", returncode=0)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    item.config._flaky_ledger.record(outcome.get_result())


def pytest_sessionfinish(session, exitstatus):
    ledger = session.config._flaky_ledger
    ledger.save()
    if session.config.getoption("--flaky-offline"):
        return
    _sync.push(
        url=session.config.getini("flaky_ledger_url"),
        project=session.config.getini("flaky_ledger_project") or os.path.basename(str(session.config.rootpath)),
        run=ledger.current,
    )
