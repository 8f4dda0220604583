#!/usr/bin/env python3
"""Apply data/licenses.yaml to a CycloneDX or SPDX JSON SBOM."""
import argparse
import json
import sys
from pathlib import Path

import yaml

DATA = Path(__file__).resolve().parent.parent / "data" / "licenses.yaml"
ALIASES = {"BSD-2-Clause": "BSD-3-Clause", "0BSD": "ISC", "GPL-3.0-or-later": "GPL-3.0-only",
           "LGPL-3.0-or-later": "LGPL-3.0-only", "AGPL-3.0-or-later": "AGPL-3.0-only",
           "GPL-2.0-or-later": "GPL-2.0-only", "Apache 2.0": "Apache-2.0"}


def components(sbom):
    if "components" in sbom:  # CycloneDX
        for c in sbom["components"]:
            ids = []
            for lic in c.get("licenses", []):
                if "license" in lic:
                    ids.append(lic["license"].get("id") or lic["license"].get("name", "NOASSERTION"))
                elif "expression" in lic:
                    ids.append(lic["expression"])
            yield c.get("name"), c.get("version", ""), ids or ["NOASSERTION"]
    else:  # SPDX JSON
        for p in sbom.get("packages", []):
            lic = p.get("licenseConcluded") or p.get("licenseDeclared") or "NOASSERTION"
            yield p.get("name"), p.get("versionInfo", ""), [lic]


def choose(expr):
    """For 'A OR B' pick the first alternative we know; 'A AND B' keeps all."""
    if " OR " in expr:
        return [expr.split(" OR ")[0].strip("() ")]
    return [p.strip("() ") for p in expr.split(" AND ")]


def verdict(matrix, lic, outbound, model):
    entry = matrix.get(ALIASES.get(lic, lic))
    if entry is None:
        return "conflict", "unknown license"
    if outbound not in entry["compatible_with"]:
        if model == "internal":
            return "conditions", "internal use only"
        if model == "saas" and not entry["network_clause"] and entry["family"] == "strong-copyleft":
            return "conditions", "no distribution"
        return "conflict", f"{lic} cannot be combined into {outbound}"
    if entry["obligations"]:
        return "conditions", "; ".join(entry["obligations"])
    return "ok", ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("sbom")
    ap.add_argument("--outbound", required=True)
    ap.add_argument("--model", choices=["library", "binary", "saas", "internal"], default="binary")
    args = ap.parse_args()
    matrix = yaml.safe_load(DATA.read_text())
    sbom = json.loads(Path(args.sbom).read_text())
    seen, worst = set(), 0
    print(f"{'package':40} {'version':12} {'license':18} verdict")
    for name, version, ids in components(sbom):
        for expr in ids:
            for lic in choose(expr):
                v, why = verdict(matrix, lic, args.outbound, args.model)
                seen.add(lic)
                worst = max(worst, {"ok": 0, "conditions": 1, "conflict": 2}[v])
                print(f"{name[:40]:40} {version[:12]:12} {lic[:18]:18} {v}  {why}")
    print("\nlicenses seen:", ", ".join(sorted(seen)), file=sys.stderr)
    sys.exit(2 if worst == 2 else 0)


if __name__ == "__main__":
    main()
