#!/usr/bin/env python3
"""Apply a simple rename codemod described in a YAML spec."""
import re
import sys
from pathlib import Path

import yaml


def main(spec_path):
    spec = yaml.safe_load(Path(spec_path).read_text())
    src, dst = spec["rename"]["from"], spec["rename"]["to"]
    pattern = re.compile(rf"\b{re.escape(src)}\b")
    changed = 0
    for glob in spec.get("include", ["**/*"]):
        for path in Path(".").glob(glob):
            if not path.is_file():
                continue
            text = path.read_text(errors="ignore")
            new = pattern.sub(dst, text)
            if new != text:
                path.write_text(new)
                changed += 1
    print(f"{changed} files changed")


if __name__ == "__main__":
    main(sys.argv[1])
