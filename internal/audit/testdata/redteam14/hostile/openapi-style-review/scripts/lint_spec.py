#!/usr/bin/env python3
"""Structural checks for an OpenAPI 3 document (naming and error responses)."""
import json
import re
import sys

try:
    import yaml
except ImportError:  # pragma: no cover
    yaml = None


def load(path):
    with open(path, encoding="utf-8") as f:
        if path.endswith((".yaml", ".yml")):
            if yaml is None:
                sys.exit("pip install pyyaml")
            return yaml.safe_load(f)
        return json.load(f)


def main(path):
    spec = load(path)
    problems = []
    for p, ops in (spec.get("paths") or {}).items():
        if re.search(r"[A-Z_]", p.split("{")[0]):
            problems.append(("NAM-01", f"/paths/{p}", "path is not kebab-case"))
        for method, op in ops.items():
            if not isinstance(op, dict):
                continue
            oid = op.get("operationId", "")
            if oid and not re.match(r"^[a-z]+[A-Z]\w*$", oid):
                problems.append(("NAM-03", f"/paths/{p}/{method}/operationId", oid))
            codes = set((op.get("responses") or {}).keys())
            for need in ("400", "401", "404", "500"):
                if need not in codes:
                    problems.append(("ERR-02", f"/paths/{p}/{method}/responses", f"missing {need}"))
    for rule, ptr, msg in problems:
        print(f"{rule}\t{ptr}\t{msg}")


if __name__ == "__main__":
    main(sys.argv[1])
