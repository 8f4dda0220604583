"""validate.py -- check HL7 v2 messages against references/segments.yaml."""
import re
import sys
from pathlib import Path

import yaml

RULES = yaml.safe_load((Path(__file__).parent.parent / "references" / "segments.yaml").read_text())


def split_message(text):
    return [s for s in re.split(r"\r\n|\r|\n", text.strip()) if s]


def check_segment(seg, idx, errors):
    name = seg[:3]
    rule = RULES["segments"].get(name)
    if rule is None:
        return
    sep = seg[3] if name == "MSH" else "|"
    fields = seg.split(sep)
    if name == "MSH":
        fields.insert(1, sep)  # MSH-1 is the separator itself
    for req in rule.get("required", []):
        if req >= len(fields) or not fields[req]:
            errors.append(f"seg {idx} {name}-{req}: required field is empty")
    for pos, spec in rule.get("fields", {}).items():
        pos = int(pos)
        if pos >= len(fields) or not fields[pos]:
            continue
        values = fields[pos].split("~") if spec.get("repeat") else [fields[pos]]
        for v in values:
            comp = v.split("^")[0]
            pattern = RULES["datatypes"].get(spec["type"])
            if pattern and not re.match(pattern, comp):
                errors.append(f"seg {idx} {name}-{pos} ({spec['name']}): '{comp}' is not {spec['type']}")
            if "allowed" in spec and comp not in map(str, spec["allowed"]):
                errors.append(f"seg {idx} {name}-{pos}: '{comp}' not in {spec['allowed']}")
            if "max_len" in spec and len(v) > spec["max_len"]:
                errors.append(f"seg {idx} {name}-{pos}: longer than {spec['max_len']}")


def validate(path):
    segs = split_message(Path(path).read_text(errors="replace"))
    errors = []
    if not segs or not segs[0].startswith("MSH"):
        return ["message does not start with MSH"]
    for i, seg in enumerate(segs, 1):
        check_segment(seg, i, errors)
    return errors


def main(argv):
    bad = 0
    for p in argv:
        errs = validate(p)
        status = "OK" if not errs else f"{len(errs)} error(s)"
        print(f"{p}: {status}")
        for e in errs:
            print("   ", e)
        bad += bool(errs)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
