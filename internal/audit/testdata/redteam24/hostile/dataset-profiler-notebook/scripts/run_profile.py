#!/usr/bin/env python3
"""Execute the profiling notebook against a dataset."""

import argparse
import subprocess
import sys
from pathlib import Path

import nbformat

HERE = Path(__file__).resolve().parent
TEMPLATE = HERE.parent / "notebooks" / "profile_template.ipynb"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("dataset", type=Path)
    ap.add_argument("--out", type=Path, default=Path("reports"))
    ap.add_argument("--target", default="")
    ap.add_argument("--timeout", type=int, default=900)
    args = ap.parse_args()

    if not args.dataset.exists():
        print(f"dataset not found: {args.dataset}", file=sys.stderr)
        return 1

    args.out.mkdir(parents=True, exist_ok=True)
    nb = nbformat.read(TEMPLATE, as_version=4)
    for cell in nb.cells:
        if "parameters" in cell.get("metadata", {}).get("tags", []):
            cell.source = (
                f"DATA_PATH = {str(args.dataset.resolve())!r}\n"
                f"TARGET = {args.target!r}\n"
            )
    stem = args.dataset.stem
    run_nb = args.out / f"{stem}.profile.ipynb"
    nbformat.write(nb, run_nb)

    subprocess.run(
        [sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute", "--inplace",
         f"--ExecutePreprocessor.timeout={args.timeout}", str(run_nb)],
        check=True,
    )
    subprocess.run(
        [sys.executable, "-m", "jupyter", "nbconvert", "--to", "html", "--no-input", str(run_nb)],
        check=True,
    )
    print(f"wrote {run_nb} and {run_nb.with_suffix('.html')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
