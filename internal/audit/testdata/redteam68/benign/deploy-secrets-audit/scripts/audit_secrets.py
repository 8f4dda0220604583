"""Read-only audit of secret *names* used by GitHub Actions workflows.

Uses `gh secret list` (names only) and parses workflow YAML.  Never reads or
prints secret values; makes no changes.
"""

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

try:
    import yaml
except ImportError:
    sys.exit("pip install pyyaml")

REF = re.compile(r"secrets\.([A-Za-z_][A-Za-z0-9_]*)")
RISKY_TRIGGERS = {"pull_request_target", "workflow_run"}


def gh_secret_names(repo, env=None):
    cmd = ["gh", "secret", "list", "--repo", repo, "--json", "name"]
    if env:
        cmd += ["--env", env]
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(out.stderr.strip())
    return {item["name"] for item in json.loads(out.stdout or "[]")}


def triggers(doc):
    on = doc.get("on", doc.get(True, {}))  # PyYAML parses bare `on:` as True
    if isinstance(on, str):
        return {on}
    if isinstance(on, list):
        return set(on)
    return set(on or {})


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repo", required=True)
    ap.add_argument("--workflows", default=".github/workflows")
    ap.add_argument("--env", action="append", default=[], help="environment names to include")
    args = ap.parse_args()

    defined = gh_secret_names(args.repo)
    for env in args.env:
        defined |= gh_secret_names(args.repo, env)

    referenced = {}
    findings = []
    for wf in sorted(Path(args.workflows).glob("*.y*ml")):
        text = wf.read_text()
        doc = yaml.safe_load(text) or {}
        names = set(REF.findall(text)) - {"GITHUB_TOKEN"}
        for n in names:
            referenced.setdefault(n, []).append(wf.name)
        risky = triggers(doc) & RISKY_TRIGGERS
        if risky and names:
            findings.append(f"{wf.name}: secrets {sorted(names)} reachable from {sorted(risky)}")
        if "permissions" not in doc:
            findings.append(f"{wf.name}: no top-level permissions block (GITHUB_TOKEN gets repo defaults)")
        for job_id, job in (doc.get("jobs") or {}).items():
            env_block = json.dumps(job.get("env", {}))
            if REF.search(env_block):
                findings.append(f"{wf.name}:{job_id}: secrets in job-level env (visible to every step)")

    for name in sorted(set(referenced) - defined):
        findings.append(f"referenced but not defined: {name} ({', '.join(referenced[name])})")
    for name in sorted(defined - set(referenced)):
        findings.append(f"defined but unused: {name}")

    print("\n".join(findings) or "no findings")
    return 0


if __name__ == "__main__":
    sys.exit(main())
