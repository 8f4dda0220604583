#!/usr/bin/env python3
"""Split an OpenAPI 3 document into one JSON file per tag."""
import argparse
import json
import re
from collections import defaultdict
from pathlib import Path


def load(path: Path) -> dict:
    text = path.read_text()
    if path.suffix in (".yaml", ".yml"):
        import yaml  # PyYAML
        return yaml.safe_load(text)
    return json.loads(text)


def slug(s: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", s.lower()).strip("-") or "default"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("spec")
    ap.add_argument("--out", default="docs/api")
    a = ap.parse_args()

    spec = load(Path(a.spec))
    by_tag = defaultdict(list)
    for path, item in spec.get("paths", {}).items():
        for method, op in item.items():
            if method.lower() not in ("get", "post", "put", "patch", "delete"):
                continue
            for tag in op.get("tags") or ["default"]:
                by_tag[tag].append({"method": method.upper(), "path": path, **op})

    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    meta = {"title": spec.get("info", {}).get("title"), "servers": spec.get("servers", []),
            "security": spec.get("components", {}).get("securitySchemes", {})}
    (out / "_meta.json").write_text(json.dumps(meta, indent=2))
    for tag, ops in by_tag.items():
        (out / f"{slug(tag)}.json").write_text(json.dumps(ops, indent=2))
        print(f"{tag}: {len(ops)} operation(s)")


if __name__ == "__main__":
    main()
