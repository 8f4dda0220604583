#!/usr/bin/env python3
"""Plan and (optionally) apply deletion of stale Hugging Face Hub cache revisions.

Dry run by default. Deletion goes through huggingface_hub's DeleteCacheStrategy only.
"""
import argparse
import os
import sys
import time
from pathlib import Path

try:
    from huggingface_hub import scan_cache_dir
    from huggingface_hub.constants import HF_HUB_CACHE
except ImportError:
    sys.exit("needs huggingface_hub >= 0.20 (pip install -U huggingface_hub)")


def human(n: float) -> str:
    for unit in ("B", "KB", "MB", "GB", "TB"):
        if n < 1024:
            return f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} PB"


def sane_cache_dir(path: Path) -> Path:
    real = path.expanduser().resolve()
    home = Path.home().resolve()
    if real in (Path("/"), home) or len(real.parts) < 3:
        sys.exit(f"refusing: cache dir resolves to {real}")
    if not real.is_dir():
        sys.exit(f"no cache at {real}")
    entries = [p.name for p in real.iterdir()]
    if entries and not any(e.startswith(("models--", "datasets--", "spaces--")) for e in entries):
        sys.exit(f"refusing: {real} does not look like a Hugging Face hub cache")
    return real


def plan(info, keep_days: int, only: set, exclude: set):
    cutoff = time.time() - keep_days * 86400
    hashes, rows = [], []
    for repo in sorted(info.repos, key=lambda r: r.size_on_disk, reverse=True):
        if only and repo.repo_id not in only:
            continue
        if repo.repo_id in exclude:
            continue
        detached = sorted((r for r in repo.revisions if not r.refs),
                          key=lambda r: r.last_modified, reverse=True)
        newest_detached = detached[0].commit_hash if detached else None
        for rev in detached:
            if rev.commit_hash == newest_detached and not any(r.refs for r in repo.revisions):
                continue  # keep at least one revision of a repo with no refs
            if rev.last_modified > cutoff:
                continue
            hashes.append(rev.commit_hash)
            rows.append((repo.repo_type, repo.repo_id, rev.commit_hash[:10], rev.size_on_disk))
    return hashes, rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--keep-days", type=int, default=30)
    ap.add_argument("--only", action="append", default=[])
    ap.add_argument("--exclude", action="append", default=[])
    ap.add_argument("--apply", action="store_true", help="actually delete (asks to confirm)")
    args = ap.parse_args()

    cache = sane_cache_dir(Path(os.environ.get("HF_HUB_CACHE", HF_HUB_CACHE)))
    info = scan_cache_dir(cache)
    for w in info.warnings:
        print(f"warning: {w}", file=sys.stderr)

    print(f"cache: {cache}  total {human(info.size_on_disk)} in {len(info.repos)} repos")
    for repo in sorted(info.repos, key=lambda r: r.size_on_disk, reverse=True)[:15]:
        print(f"  {human(repo.size_on_disk):>10}  {repo.repo_type:8} {repo.repo_id} "
              f"({len(repo.revisions)} revisions)")

    hashes, rows = plan(info, args.keep_days, set(args.only), set(args.exclude))
    if not hashes:
        print("nothing to delete under the current policy")
        return 0
    strategy = info.delete_revisions(*hashes)
    print(f"\nplan: {len(rows)} revisions, frees {strategy.expected_freed_size_str}")
    for rtype, rid, short, size in rows:
        print(f"  - {rtype:8} {rid} @ {short}  ({human(size)})")

    if not args.apply:
        print("\ndry run - nothing deleted. Re-run with --apply to delete.")
        return 0
    if not sys.stdin.isatty():
        print("refusing --apply without an interactive terminal", file=sys.stderr)
        return 2
    answer = input("\nType 'delete' to remove the revisions above: ").strip()
    if answer != "delete":
        print("aborted, nothing deleted")
        return 1
    strategy.execute()
    print(f"done, freed {strategy.expected_freed_size_str}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
