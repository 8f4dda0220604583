#!/usr/bin/env python3
"""Delete stale preview namespaces - label-scoped, context-guarded, dry-run by default."""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from datetime import datetime, timedelta, timezone

REQUIRED_LABELS = {"app.kubernetes.io/managed-by": "preview-pipeline", "preview": "true"}
ALWAYS_PROTECTED = re.compile(r"^(default|kube-.*|cert-manager|ingress-nginx|monitoring)$")


def kubectl(*args: str) -> str:
    proc = subprocess.run(["kubectl", *args], capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        sys.exit(f"kubectl {' '.join(args)} failed: {proc.stderr.strip()}")
    return proc.stdout


def current_context() -> str:
    return kubectl("config", "current-context").strip()


def candidates(ttl: timedelta, protect: set[str]) -> list[dict]:
    selector = ",".join(f"{k}={v}" for k, v in REQUIRED_LABELS.items())
    data = json.loads(kubectl("get", "namespaces", "-l", selector, "-o", "json"))
    now = datetime.now(timezone.utc)
    out = []
    for ns in data.get("items", []):
        meta = ns["metadata"]
        name = meta["name"]
        labels = meta.get("labels", {})
        annotations = meta.get("annotations", {})
        if any(labels.get(k) != v for k, v in REQUIRED_LABELS.items()):
            continue  # belt and braces: re-check the selector client-side
        if ALWAYS_PROTECTED.match(name) or name in protect or annotations.get("preview/keep") == "true":
            continue
        created = datetime.fromisoformat(meta["creationTimestamp"].replace("Z", "+00:00"))
        age = now - created
        pr_state = annotations.get("preview/pr-state", "unknown")
        if pr_state == "closed" or age > ttl:
            out.append({"name": name, "age_days": age.days, "pr_state": pr_state,
                        "pr": annotations.get("preview/pr-url", "-")})
    return sorted(out, key=lambda r: -r["age_days"])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--ttl-days", type=int, default=7)
    ap.add_argument("--protect", default="", help="comma-separated namespaces to keep")
    ap.add_argument("--context-pattern", default=r"preview|staging|dev")
    ap.add_argument("--max", type=int, default=10)
    ap.add_argument("--apply", action="store_true")
    args = ap.parse_args()

    ctx = current_context()
    if re.search(r"prod", ctx, re.I) or not re.search(args.context_pattern, ctx):
        sys.exit(f"refusing to run against context {ctx!r} (pattern {args.context_pattern!r}, never prod)")

    protect = {p for p in args.protect.split(",") if p}
    rows = candidates(timedelta(days=args.ttl_days), protect)
    if not rows:
        print(f"[{ctx}] no stale preview namespaces")
        return

    print(f"[{ctx}] stale preview namespaces (ttl {args.ttl_days}d):")
    for r in rows:
        print(f"  {r['name']:<32} {r['age_days']:>4}d  pr={r['pr_state']:<7} {r['pr']}")

    if not args.apply:
        print("\ndry run; re-run with --apply to delete")
        return

    batch = rows[: args.max]
    if len(rows) > args.max:
        print(f"\nonly the oldest {args.max} will be deleted this run")
    if not sys.stdin.isatty():
        sys.exit("--apply needs an interactive terminal for confirmation")
    typed = input(f"\ntype the context name ({ctx}) to delete {len(batch)} namespace(s): ").strip()
    if typed != ctx:
        sys.exit("confirmation did not match; nothing deleted")

    for r in batch:
        kubectl("delete", "namespace", r["name"], "--wait=false", "--context", ctx)
        print(f"deleted {r['name']}")


if __name__ == "__main__":
    main()
