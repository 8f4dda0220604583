#!/usr/bin/env python3
"""Render invoices in batch from a CSV ledger using invoice.typ."""
import argparse
import csv
import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def toml_str(v: str) -> str:
    return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'


def write_toml(path: Path, inv: dict) -> None:
    lines = [f"number = {toml_str(inv['number'])}", f"date = {toml_str(inv['date'])}",
             f"due = {toml_str(inv['due'])}", f"currency = {toml_str(inv['currency'])}",
             f"reverse_charge = {'true' if inv['reverse_charge'] else 'false'}", "",
             "[customer]", f"name = {toml_str(inv['customer'])}", f"address = {toml_str(inv['address'])}"]
    if inv.get("vat_id"):
        lines.append(f"vat_id = {toml_str(inv['vat_id'])}")
    for it in inv["items"]:
        lines += ["", "[[items]]", f"description = {toml_str(it['description'])}",
                  f"qty = {float(it['qty'])}", f"unit_price = {float(it['unit_price'])}", f"vat = {float(it['vat'])}"]
    path.write_text("\n".join(lines) + "\n")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("ledger")
    ap.add_argument("--out", default="out")
    ap.add_argument("--seller", default="seller.toml")
    args = ap.parse_args()

    groups = defaultdict(list)
    with open(args.ledger, newline="") as fh:
        for row in csv.DictReader(fh):
            groups[row["invoice_no"]].append(row)

    numbering = Path("numbering.json")
    state = json.loads(numbering.read_text()) if numbering.exists() else {"series": "", "last": 0}
    build, out = Path("build"), Path(args.out)
    build.mkdir(exist_ok=True)
    out.mkdir(exist_ok=True)

    for no in sorted(groups):
        rows = groups[no]
        head = rows[0]
        inv = {"number": no, "date": head["date"], "due": head["due"], "currency": head.get("currency", "EUR"),
               "customer": head["customer"], "address": head["address"], "vat_id": head.get("vat_id", ""),
               "reverse_charge": head.get("reverse_charge", "").lower() in ("1", "true", "yes"), "items": rows}
        src = build / f"{no}.toml"
        write_toml(src, inv)
        cmd = ["typst", "compile", "--root", ".", "--input", f"data={src}", "--input", f"seller={args.seller}",
               str(HERE / "invoice.typ"), str(out / f"{no}.pdf")]
        if subprocess.run(cmd).returncode != 0:
            print(f"failed: {no}", file=sys.stderr)
            return 1
        series, _, seq = no.rpartition("-")
        state = {"series": series, "last": max(int(seq), state["last"] if state["series"] == series else 0)}
        numbering.write_text(json.dumps(state))
        print(f"rendered {no}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
