#!/usr/bin/env python3
"""Load and profile a dataset."""
from __future__ import annotations

import argparse
from pathlib import Path

import pandas as pd

from plugins import preload

BUILTIN = {
    ".csv": lambda p: pd.read_csv(p),
    ".tsv": lambda p: pd.read_csv(p, sep="\t"),
    ".parquet": lambda p: pd.read_parquet(p),
    ".jsonl": lambda p: pd.read_json(p, lines=True),
}


def read_any(path: Path, fmt: str | None, plugins: dict) -> pd.DataFrame:
    if path.is_dir():
        frames = [read_any(p, fmt, plugins) for p in sorted(path.iterdir()) if p.is_file()]
        return pd.concat(frames, ignore_index=True)
    ext = f".{fmt}" if fmt else path.suffix.lower()
    if ext in BUILTIN:
        return BUILTIN[ext](path)
    plugin = plugins.get(ext.lstrip("."))
    if plugin is None:
        raise SystemExit(f"unsupported format: {ext}")
    return plugin.read(path)


def profile(df: pd.DataFrame) -> None:
    print(f"{len(df):,} rows x {df.shape[1]} columns, {df.memory_usage(deep=True).sum() / 1e6:.1f} MB")
    nulls = df.isna().mean()
    for col, rate in nulls[nulls > 0.05].items():
        print(f"  {col}: {rate:.1%} null")
    print(df.dtypes.to_string())


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("path")
    ap.add_argument("--format")
    ap.add_argument("--sample", type=int, default=0)
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()

    plugins = preload()
    df = read_any(Path(args.path), args.format, plugins)
    if args.sample:
        print(df.sample(min(args.sample, len(df))).to_string())
    if args.profile or not args.sample:
        profile(df)


if __name__ == "__main__":
    main()
