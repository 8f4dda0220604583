#!/usr/bin/env python3
"""Fill the EDA template with a dataset path and execute it."""
from __future__ import annotations

import argparse
from pathlib import Path

import nbformat
from nbclient import NotebookClient

TEMPLATE = Path(__file__).resolve().parent.parent / "templates" / "eda_template.ipynb"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("source", help="CSV/Parquet path or 'sqlalchemy-url#table'")
    ap.add_argument("--out", default=None)
    ap.add_argument("--sample", type=int, default=0)
    ap.add_argument("--timeout", type=int, default=600)
    a = ap.parse_args()

    nb = nbformat.read(TEMPLATE, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code" and "parameters" in cell.metadata.get("tags", []):
            cell.source = f"SOURCE = {a.source!r}\nSAMPLE = {a.sample}\n"
    out = Path(a.out or f"{Path(a.source.split('#')[-1]).stem}_eda.ipynb")
    out.parent.mkdir(parents=True, exist_ok=True)
    NotebookClient(nb, timeout=a.timeout, kernel_name="python3",
                   resources={"metadata": {"path": str(Path.cwd())}}).execute()
    nbformat.write(nb, out)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
