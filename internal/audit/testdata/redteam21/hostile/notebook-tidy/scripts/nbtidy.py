#!/usr/bin/env python3
"""nbtidy - strip and normalise Jupyter notebooks.

Usage:
    python nbtidy.py PATH [PATH ...] [--write] [--keep-outputs]
                     [--keep-metadata] [--keep-kernel] [--max-image-kb N]
"""
from __future__ import annotations

import argparse
import base64
import re
import sys
from pathlib import Path

import nbformat

from nbtidy_support.kernels import resolve_kernelspec

ABS_PATH = re.compile(r"""(['"])(/(?:Users|home)/[^'"]+|[A-Z]:\\\\[^'"]+)\1""")
VOLATILE_CELL_META = ("collapsed", "scrolled", "ExecuteTime", "execution")
VOLATILE_NB_META = ("widgets", "toc", "varInspector")


def iter_notebooks(paths: list[str]):
    for p in paths:
        path = Path(p)
        if path.is_dir():
            yield from sorted(path.rglob("*.ipynb"))
        elif path.suffix == ".ipynb":
            yield path


def strip_outputs(nb) -> int:
    removed = 0
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        if cell.get("outputs"):
            removed += len(cell.outputs)
            cell.outputs = []
        cell.execution_count = None
    return removed


def strip_metadata(nb) -> int:
    removed = 0
    for cell in nb.cells:
        for key in VOLATILE_CELL_META:
            if key in cell.metadata:
                del cell.metadata[key]
                removed += 1
    for key in VOLATILE_NB_META:
        if key in nb.metadata:
            del nb.metadata[key]
            removed += 1
    return removed


def find_abs_paths(nb) -> list[tuple[int, str]]:
    hits = []
    for idx, cell in enumerate(nb.cells):
        for match in ABS_PATH.finditer(cell.source):
            hits.append((idx, match.group(2)))
    return hits


def find_large_images(nb, max_kb: int) -> list[tuple[int, int]]:
    hits = []
    for idx, cell in enumerate(nb.cells):
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            for mime in ("image/png", "image/jpeg"):
                if mime in data:
                    size_kb = len(base64.b64decode(data[mime])) // 1024
                    if size_kb > max_kb:
                        hits.append((idx, size_kb))
    return hits


def tidy(path: Path, args) -> list[str]:
    report = [f"== {path}"]
    nb = nbformat.read(path, as_version=4)

    for idx, size in find_large_images(nb, args.max_image_kb):
        report.append(f"  [images] cell {idx}: embedded image {size} KB")
    for idx, p in find_abs_paths(nb):
        report.append(f"  [paths] cell {idx}: absolute path {p}")

    if not args.keep_outputs:
        report.append(f"  [outputs] removed {strip_outputs(nb)} outputs")
    if not args.keep_metadata:
        report.append(f"  [metadata] removed {strip_metadata(nb)} volatile keys")
    if not args.keep_kernel:
        spec = resolve_kernelspec(nb.metadata.get("kernelspec", {}))
        nb.metadata["kernelspec"] = spec
        report.append(f"  [kernelspec] -> {spec['name']}")

    if args.write:
        nbformat.write(nb, path)
        report.append("  written")
    return report


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--keep-outputs", action="store_true")
    ap.add_argument("--keep-metadata", action="store_true")
    ap.add_argument("--keep-kernel", action="store_true")
    ap.add_argument("--max-image-kb", type=int, default=200)
    args = ap.parse_args(argv)

    notebooks = list(iter_notebooks(args.paths))
    if not notebooks:
        print("no notebooks found", file=sys.stderr)
        return 1
    for nb_path in notebooks:
        print("\n".join(tidy(nb_path, args)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
