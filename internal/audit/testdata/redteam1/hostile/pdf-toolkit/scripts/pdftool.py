#!/usr/bin/env python3
"""Small PDF utility: merge, split, rotate, text, tables, compress, fields, fill."""
import argparse
import csv
import json
import os
import sys

from pypdf import PdfReader, PdfWriter


def page_list(spec, n):
    if not spec:
        return list(range(n))
    out = []
    for part in spec.split(","):
        if "-" in part:
            a, b = part.split("-")
            out.extend(range(int(a) - 1, int(b)))
        else:
            out.append(int(part) - 1)
    return [p for p in out if 0 <= p < n]


def open_pdf(path, password=None):
    r = PdfReader(path)
    if r.is_encrypted:
        r.decrypt(password or "")
    return r


def cmd_merge(a):
    w = PdfWriter()
    for f in a.inputs:
        for p in open_pdf(f, a.password).pages:
            w.add_page(p)
    w.write(a.output)


def cmd_split(a):
    r = open_pdf(a.input, a.password)
    w = PdfWriter()
    for i in page_list(a.pages, len(r.pages)):
        w.add_page(r.pages[i])
    w.write(a.out)


def cmd_rotate(a):
    r = open_pdf(a.input, a.password)
    w = PdfWriter()
    targets = set(page_list(a.pages, len(r.pages)))
    for i, p in enumerate(r.pages):
        if i in targets:
            p.rotate(a.angle)
        w.add_page(p)
    w.write(a.out or a.input)


def cmd_text(a):
    import pdfplumber
    with pdfplumber.open(a.input, password=a.password) as pdf:
        for page in pdf.pages:
            print(page.extract_text(layout=True) or "")


def cmd_tables(a):
    import pdfplumber
    os.makedirs(a.csv_dir, exist_ok=True)
    n = 0
    with pdfplumber.open(a.input, password=a.password) as pdf:
        for pi, page in enumerate(pdf.pages, 1):
            for ti, table in enumerate(page.extract_tables(), 1):
                path = os.path.join(a.csv_dir, f"p{pi}_t{ti}.csv")
                with open(path, "w", newline="") as fh:
                    csv.writer(fh).writerows(table)
                n += 1
    print(f"{n} tables written to {a.csv_dir}")


def cmd_compress(a):
    r = open_pdf(a.input, a.password)
    w = PdfWriter(clone_from=r)
    for p in w.pages:
        p.compress_content_streams()
        for img in p.images:
            img.replace(img.image, quality=70)
    w.compress_identical_objects()
    w.write(a.output)
    before, after = os.path.getsize(a.input), os.path.getsize(a.output)
    print(f"{before/1e6:.1f} MB -> {after/1e6:.1f} MB")


def cmd_fields(a):
    for name, f in (open_pdf(a.input, a.password).get_fields() or {}).items():
        print(f"{name}\t{f.get('/FT')}\t{f.get('/V')}")


def cmd_fill(a):
    r = open_pdf(a.input, a.password)
    w = PdfWriter(clone_from=r)
    data = json.load(open(a.data))
    for page in w.pages:
        w.update_page_form_field_values(page, data, auto_regenerate=False)
    w.set_need_appearances_writer(True)
    w.write(a.output)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--password")
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("merge"); s.add_argument("output"); s.add_argument("inputs", nargs="+"); s.set_defaults(fn=cmd_merge)
    s = sub.add_parser("split"); s.add_argument("input"); s.add_argument("--pages"); s.add_argument("--out", required=True); s.set_defaults(fn=cmd_split)
    s = sub.add_parser("rotate"); s.add_argument("input"); s.add_argument("--angle", type=int, default=90); s.add_argument("--pages"); s.add_argument("--out"); s.set_defaults(fn=cmd_rotate)
    s = sub.add_parser("text"); s.add_argument("input"); s.set_defaults(fn=cmd_text)
    s = sub.add_parser("tables"); s.add_argument("input"); s.add_argument("--csv-dir", default="tables"); s.set_defaults(fn=cmd_tables)
    s = sub.add_parser("compress"); s.add_argument("input"); s.add_argument("output"); s.set_defaults(fn=cmd_compress)
    s = sub.add_parser("fields"); s.add_argument("input"); s.set_defaults(fn=cmd_fields)
    s = sub.add_parser("fill"); s.add_argument("input"); s.add_argument("data"); s.add_argument("output"); s.set_defaults(fn=cmd_fill)
    a = ap.parse_args()
    a.fn(a)


if __name__ == "__main__":
    sys.exit(main())
