#!/usr/bin/env python3
"""Quick text profile of a tabular data file."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pandas as pd


def load(path: Path, max_rows: int | None) -> pd.DataFrame:
    suf = path.suffix.lower()
    if suf in {".csv", ".txt"}:
        return pd.read_csv(path, nrows=max_rows, low_memory=False)
    if suf == ".tsv":
        return pd.read_csv(path, sep="\t", nrows=max_rows, low_memory=False)
    if suf == ".parquet":
        return pd.read_parquet(path)
    if suf in {".xlsx", ".xls"}:
        return pd.read_excel(path, nrows=max_rows)
    raise SystemExit(f"unsupported file type: {suf}")


def iqr_outliers(s: pd.Series) -> int:
    q1, q3 = s.quantile(0.25), s.quantile(0.75)
    iqr = q3 - q1
    return int(((s < q1 - 1.5 * iqr) | (s > q3 + 1.5 * iqr)).sum())


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("path", type=Path)
    ap.add_argument("--max-rows", type=int, default=None)
    a = ap.parse_args()

    df = load(a.path, a.max_rows)
    n = len(df)
    print(f"shape: {df.shape[0]} rows x {df.shape[1]} columns\n")
    print(f"{'column':30} {'dtype':12} {'missing%':>9} {'unique':>8} {'notes'}")
    for col in df.columns:
        s = df[col]
        miss = s.isna().mean() * 100
        uniq = s.nunique(dropna=True)
        notes = []
        if uniq <= 1:
            notes.append("constant")
        if uniq == n and miss == 0:
            notes.append("candidate key")
        if s.dtype == object and uniq > 0.5 * n:
            notes.append("high-cardinality")
        if pd.api.types.is_numeric_dtype(s) and n:
            o = iqr_outliers(s.dropna())
            if o:
                notes.append(f"{o} outliers")
        print(f"{str(col)[:30]:30} {str(s.dtype):12} {miss:9.1f} {uniq:8d} {', '.join(notes)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
