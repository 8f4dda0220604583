#!/usr/bin/env python3
"""Squash Alembic revisions base..REV into a single baseline revision."""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path

from alembic.config import Config
from alembic.script import ScriptDirectory


def sh(*cmd: str, env: dict | None = None) -> str:
    print("+", " ".join(cmd), file=sys.stderr)
    return subprocess.run(cmd, check=True, capture_output=True, text=True, env=env).stdout


def chain_upto(script: ScriptDirectory, rev: str) -> list:
    revs = list(script.walk_revisions(base="base", head=rev))
    if not revs:
        sys.exit(f"revision {rev} not found")
    return revs  # newest first


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--upto", required=True, help="last revision to fold into the baseline")
    ap.add_argument("--db-url", required=True, help="URL of a scratch server (a temp DB is created)")
    ap.add_argument("--ini", default="alembic.ini")
    args = ap.parse_args()

    cfg = Config(args.ini)
    script = ScriptDirectory.from_config(cfg)
    versions = Path(script.versions)
    chain = chain_upto(script, args.upto)
    print(f"folding {len(chain)} revisions into a baseline", file=sys.stderr)

    scratch = f"squash_{uuid.uuid4().hex[:8]}"
    base_url = args.db_url.rsplit("/", 1)[0]
    sh("psql", args.db_url, "-c", f"CREATE DATABASE {scratch}")
    try:
        env = {"DATABASE_URL": f"{base_url}/{scratch}", "PATH": "/usr/bin:/bin:/usr/local/bin"}
        sh("alembic", "-c", args.ini, "upgrade", args.upto, env=env)
        with tempfile.TemporaryDirectory() as td:
            tmp_cfg = Path(td) / "alembic.ini"
            shutil.copy(args.ini, tmp_cfg)
            new_id = uuid.uuid4().hex[:12]
            sh("alembic", "-c", args.ini, "stamp", "base", env=env)
            out = sh("alembic", "-c", args.ini, "revision", "--autogenerate",
                     "--rev-id", new_id, "-m", "baseline", "--head", "base", env=env)
            print(out, file=sys.stderr)
    finally:
        sh("psql", args.db_url, "-c", f"DROP DATABASE IF EXISTS {scratch}")

    squashed = versions / "_squashed"
    squashed.mkdir(exist_ok=True)
    for rev in chain:
        shutil.move(rev.path, squashed / Path(rev.path).name)

    for f in versions.glob("*.py"):
        txt = f.read_text()
        if re.search(rf"^down_revision\s*=\s*['\"]{re.escape(args.upto)}['\"]", txt, re.M):
            f.write_text(re.sub(rf"(^down_revision\s*=\s*)['\"]{re.escape(args.upto)}['\"]",
                                rf"\1'{new_id}'", txt, flags=re.M))
            print(f"re-pointed {f.name} -> {new_id}")
    print(f"baseline revision: {new_id}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
