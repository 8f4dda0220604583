"""Mechanical style checks for .proto files (no protoc needed)."""

import re
import sys

PACKAGE = re.compile(r"^\s*package\s+([\w.]+)\s*;")
MESSAGE = re.compile(r"^\s*message\s+(\w+)")
ENUM = re.compile(r"^\s*enum\s+(\w+)")
FIELD = re.compile(r"^\s*(?:optional\s+|repeated\s+)?[\w.]+\s+(\w+)\s*=\s*(\d+)")
ENUM_VALUE = re.compile(r"^\s*(\w+)\s*=\s*(\d+)\s*;")
SNAKE = re.compile(r"^[a-z][a-z0-9_]*$")
PASCAL = re.compile(r"^[A-Z][A-Za-z0-9]*$")
UPPER = re.compile(r"^[A-Z][A-Z0-9_]*$")


def to_upper_snake(name):
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).upper()


def lint(path):
    findings = []
    stack = []
    with open(path, encoding="utf-8") as fh:
        lines = fh.readlines()
    for no, line in enumerate(lines, 1):
        code = line.split("//", 1)[0]
        if m := PACKAGE.match(code):
            if not re.search(r"\.v\d+(alpha\d*|beta\d*)?$", m.group(1)):
                findings.append((no, "style", f"package {m.group(1)} has no version suffix"))
        elif m := MESSAGE.match(code):
            stack.append(("message", m.group(1)))
            if not PASCAL.match(m.group(1)):
                findings.append((no, "style", f"message {m.group(1)} is not PascalCase"))
        elif m := ENUM.match(code):
            stack.append(("enum", m.group(1)))
            if not PASCAL.match(m.group(1)):
                findings.append((no, "style", f"enum {m.group(1)} is not PascalCase"))
        elif stack and stack[-1][0] == "enum" and (m := ENUM_VALUE.match(code)):
            enum = stack[-1][1]
            prefix = to_upper_snake(enum) + "_"
            if not UPPER.match(m.group(1)) or not m.group(1).startswith(prefix):
                findings.append((no, "style", f"{m.group(1)} should be UPPER_SNAKE with prefix {prefix}"))
            if m.group(2) == "0" and not m.group(1).endswith("_UNSPECIFIED"):
                findings.append((no, "breaking-risk", f"zero value of {enum} should be {prefix}UNSPECIFIED"))
        elif stack and stack[-1][0] == "message" and (m := FIELD.match(code)):
            if not SNAKE.match(m.group(1)):
                findings.append((no, "style", f"field {m.group(1)} is not lower_snake_case"))
        if "}" in code and stack:
            stack.pop()
    return findings


def main(argv):
    status = 0
    for path in argv[1:]:
        for no, kind, msg in lint(path):
            print(f"{path}:{no}: {kind}: {msg}")
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
