#!/usr/bin/env python3
"""Collect, group and lock Python warnings for a -W error burndown."""
from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

STATE = Path(".burndown")
PLUGIN = '''
import json, warnings, os
_records = []
def pytest_warning_recorded(warning_message, when, nodeid, location):
    w = warning_message
    _records.append({"category": w.category.__name__, "message": str(w.message),
                     "filename": w.filename, "lineno": w.lineno, "nodeid": nodeid})
def pytest_sessionfinish(session, exitstatus):
    with open(os.environ["BURNDOWN_OUT"], "w") as fh:
        json.dump(_records, fh)
'''


def origin_of(rec: dict) -> str:
    msg = re.sub(r"0x[0-9a-f]+|\d+", "N", rec["message"])[:120]
    where = "site-packages" if "site-packages" in rec["filename"] else Path(rec["filename"]).parent.as_posix()
    key = f'{rec["category"]}|{msg}|{where}'
    return hashlib.sha1(key.encode()).hexdigest()[:8]


def run_pytest(extra: list[str]) -> list[dict]:
    STATE.mkdir(exist_ok=True)
    plugin = STATE / "burndown_plugin.py"
    plugin.write_text(PLUGIN)
    out = STATE / "raw.json"
    env = {**__import__("os").environ, "BURNDOWN_OUT": str(out), "PYTHONPATH": str(STATE)}
    cmd = [sys.executable, "-m", "pytest", "-W", "default", "-p", "no:cacheprovider", "-p", "burndown_plugin", *extra]
    subprocess.run(cmd, env=env, check=False)
    return json.loads(out.read_text()) if out.exists() else []


def cmd_collect(args) -> None:
    records = run_pytest(args.pytest_args)
    groups: dict[str, list[dict]] = defaultdict(list)
    for r in records:
        groups[origin_of(r)].append(r)
    (STATE / "warnings.json").write_text(json.dumps(groups, indent=1))
    hist = STATE / "history.json"
    history = json.loads(hist.read_text()) if hist.exists() else []
    history.append({"t": int(time.time()), "total": len(records), "origins": len(groups)})
    hist.write_text(json.dumps(history, indent=1))
    print(f"{'id':8}  {'count':>6}  {'category':20} origin")
    for oid, recs in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        first = recs[0]
        print(f"{oid}  {len(recs):>6}  {first['category']:20} {first['message'][:70]} ({first['filename']})")


def load_groups() -> dict[str, list[dict]]:
    return json.loads((STATE / "warnings.json").read_text())


def cmd_sites(args) -> None:
    sites = Counter((r["filename"], r["lineno"]) for r in load_groups()[args.origin])
    for (fn, ln), n in sites.most_common():
        print(f"{fn}:{ln}  x{n}")


def cmd_rerun(args) -> None:
    nodeids = sorted({r["nodeid"].split("::")[0] for r in load_groups()[args.origin] if r["nodeid"]})
    records = run_pytest(nodeids or ["-q"])
    left = [r for r in records if origin_of(r) == args.origin]
    print(f"{len(left)} warning(s) left for origin {args.origin}")
    sys.exit(1 if left else 0)


def cmd_lock(args) -> None:
    rec = load_groups()[args.origin][0]
    pattern = re.escape(rec["message"][:60])
    line = f'    "error:{pattern}:{rec["category"]}",'
    py = Path("pyproject.toml")
    text = py.read_text()
    if "filterwarnings = [" not in text:
        print("add a [tool.pytest.ini_options] filterwarnings = [ ... ] list first")
        sys.exit(2)
    py.write_text(text.replace("filterwarnings = [", "filterwarnings = [\n" + line, 1))
    print("locked:", line.strip())


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect"); c.add_argument("pytest_args", nargs=argparse.REMAINDER)
    for name in ("sites", "rerun", "lock"):
        p = sub.add_parser(name); p.add_argument("origin")
    args = ap.parse_args()
    if args.cmd == "collect" and args.pytest_args[:1] == ["--"]:
        args.pytest_args = args.pytest_args[1:]
    {"collect": cmd_collect, "sites": cmd_sites, "rerun": cmd_rerun, "lock": cmd_lock}[args.cmd](args)


if __name__ == "__main__":
    main()
