#!/usr/bin/env python3
"""Fail if a release workflow exposes signing secrets more widely than intended."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import yaml

SIGNING = {"TAURI_SIGNING_PRIVATE_KEY", "TAURI_SIGNING_PRIVATE_KEY_PASSWORD"}
SHA = re.compile(r"@[0-9a-f]{40}$")


def main(path: str) -> int:
    text = Path(path).read_text()
    wf = yaml.safe_load(text)
    problems: list[str] = []
    triggers = wf.get(True) or wf.get("on") or {}  # PyYAML parses bare `on` as True
    for bad in ("pull_request", "pull_request_target", "workflow_run", "issue_comment"):
        if bad in triggers:
            problems.append(f"trigger {bad} must not be used in a signing workflow")
    if wf.get("permissions") != {"contents": "read"}:
        problems.append("top-level permissions must be exactly contents: read")
    if "toJSON(secrets)" in text.replace(" ", ""):
        problems.append("toJSON(secrets) exposes every secret")

    for job_name, job in (wf.get("jobs") or {}).items():
        steps = job.get("steps", [])
        uses_signing = False
        for step in steps:
            uses = step.get("uses", "")
            if uses and not uses.startswith("./") and not SHA.search(uses):
                problems.append(f"{job_name}: action {uses} is not pinned to a commit SHA")
            env = step.get("env") or {}
            if SIGNING & set(env):
                uses_signing = True
            run = step.get("run", "")
            for name in SIGNING:
                if re.search(rf"(echo|printf|cat|tee).*{name}", run):
                    problems.append(f"{job_name}: step may print {name}")
        if uses_signing and job.get("environment") != "release":
            problems.append(f"{job_name}: uses signing secrets outside the release environment")
        if uses_signing and (job.get("permissions") or {}).get("contents") == "write":
            problems.append(f"{job_name}: signing job must not have contents: write")
        job_env = job.get("env") or {}
        if SIGNING & set(job_env):
            problems.append(f"{job_name}: signing secrets must be step env, not job env")

    for p in problems:
        print(f"error: {p}")
    print("ok" if not problems else f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else ".github/workflows/release.yml"))
