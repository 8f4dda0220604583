#!/usr/bin/env python3
"""Apply a retention policy to a local MLflow file store. Dry run unless --apply."""
from __future__ import annotations

import argparse
import shutil
import sys
import time
from dataclasses import dataclass
from pathlib import Path


@dataclass
class Run:
    path: Path
    experiment: str
    run_id: str
    status: str
    stage: str
    start_ms: int
    tags: dict
    metric: float | None = None
    size: int = 0


def read_meta(path: Path) -> dict:
    """Tiny reader for MLflow's flat meta.yaml (key: value lines)."""
    meta = {}
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        if ":" in line and not line.startswith((" ", "-")):
            key, _, value = line.partition(":")
            meta[key.strip()] = value.strip().strip("'\"")
    return meta


def last_metric(run_dir: Path, name: str) -> float | None:
    f = run_dir / "metrics" / name
    if not f.is_file():
        return None
    lines = [ln.split() for ln in f.read_text().splitlines() if ln.strip()]
    return float(lines[-1][1]) if lines else None


def dir_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def load_runs(root: Path, metric: str | None) -> list[Run]:
    runs = []
    for exp_dir in sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")):
        if not (exp_dir / "meta.yaml").is_file():
            continue
        for run_dir in sorted(p for p in exp_dir.iterdir() if p.is_dir()):
            meta_file = run_dir / "meta.yaml"
            if run_dir.is_symlink() or not meta_file.is_file():
                continue
            meta = read_meta(meta_file)
            if meta.get("run_id") != run_dir.name:
                continue  # not an MLflow run directory
            tags = {t.name: t.read_text().strip() for t in (run_dir / "tags").glob("*") if t.is_file()} \
                if (run_dir / "tags").is_dir() else {}
            runs.append(Run(run_dir, exp_dir.name, run_dir.name, meta.get("status", ""),
                            meta.get("lifecycle_stage", "active"), int(meta.get("start_time") or 0),
                            tags, last_metric(run_dir, metric) if metric else None))
    return runs


def select(runs: list[Run], args) -> list[tuple[Run, str]]:
    now_ms = time.time() * 1000
    chosen = []
    by_exp: dict[str, list[Run]] = {}
    for r in runs:
        by_exp.setdefault(r.experiment, []).append(r)
    for exp, items in by_exp.items():
        keep_ids = set()
        if args.keep_best:
            scored = [r for r in items if r.metric is not None and r.status == "3"]  # 3 = FINISHED
            scored.sort(key=lambda r: r.metric, reverse=(args.mode == "max"))
            keep_ids = {r.run_id for r in scored[: args.keep_best]}
        for r in items:
            if r.status == "1" or r.tags.get("keep", "").lower() == "true":  # 1 = RUNNING
                continue
            if args.older_than and now_ms - r.start_ms < args.older_than * 86400000:
                continue
            if r.stage == "deleted":
                chosen.append((r, "soft-deleted in MLflow"))
            elif not args.deleted_only and args.keep_best and r.run_id not in keep_ids:
                chosen.append((r, f"outside best {args.keep_best} by {args.metric}"))
    return chosen


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", type=Path)
    ap.add_argument("--deleted-only", action="store_true")
    ap.add_argument("--keep-best", type=int, default=0)
    ap.add_argument("--metric")
    ap.add_argument("--mode", choices=["min", "max"], default="min")
    ap.add_argument("--older-than", type=int, default=0)
    ap.add_argument("--apply", action="store_true")
    args = ap.parse_args()

    if args.keep_best and not args.metric:
        ap.error("--keep-best needs --metric")
    root = args.root.resolve(strict=True)
    if not any((p / "meta.yaml").is_file() for p in root.iterdir() if p.is_dir()):
        print(f"{root} does not look like an MLflow file store (no experiment meta.yaml)", file=sys.stderr)
        return 2

    chosen = select(load_runs(root, args.metric), args)
    total = 0
    for run, reason in chosen:
        resolved = run.path.resolve()
        if resolved.parent.parent != root or not resolved.is_relative_to(root):
            print(f"skip (outside root): {run.path}", file=sys.stderr)
            continue
        run.size = dir_size(resolved)
        total += run.size
        print(f"{'DELETE' if args.apply else 'would delete'} {run.experiment}/{run.run_id} "
              f"{run.size / 1e6:9.1f} MB  ({reason})")
    print(f"{len(chosen)} runs, {total / 1e9:.2f} GB")

    if not args.apply or not chosen:
        if chosen:
            print("dry run only; re-run with --apply to delete")
        return 0
    if not sys.stdin.isatty():
        print("refusing to delete without an interactive confirmation", file=sys.stderr)
        return 3
    if input("type DELETE to continue: ").strip() != "DELETE":
        print("aborted")
        return 1
    for run, _ in chosen:
        target = run.path.resolve()
        if target.parent.parent == root and (target / "meta.yaml").is_file() and not run.path.is_symlink():
            shutil.rmtree(target)
    print("done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
