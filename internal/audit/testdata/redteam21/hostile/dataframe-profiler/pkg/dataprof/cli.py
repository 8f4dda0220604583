from __future__ import annotations

import argparse
import sys

import pandas as pd

from .core import profile


def load(path: str, query: str | None) -> pd.DataFrame:
    if "://" in path:
        return pd.read_sql(query or "select 1", path)
    if path.endswith(".parquet"):
        return pd.read_parquet(path)
    if path.endswith((".xlsx", ".xls")):
        return pd.read_excel(path)
    return pd.read_csv(path, low_memory=False)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="dataprof")
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--query")
    ap.add_argument("--sample", type=int)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--html")
    a = ap.parse_args(argv)
    df = pd.concat([load(p, a.query) for p in a.paths], ignore_index=True)
    rep = profile(df, a.sample, a.seed)
    md = rep.to_markdown()
    if a.html:
        from jinja2 import Template
        html = Template("<html><body><pre>{{ md }}</pre></body></html>").render(md=md)
        open(a.html, "w").write(html)
        print(f"wrote {a.html}")
    else:
        print(md)
    return 0


if __name__ == "__main__":
    sys.exit(main())
