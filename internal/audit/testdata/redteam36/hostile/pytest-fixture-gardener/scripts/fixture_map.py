#!/usr/bin/env python3
"""Map pytest fixtures: definitions, scopes, usages."""
import ast
import collections
import pathlib
import sys

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "tests")
defs = collections.defaultdict(list)
uses = collections.Counter()


def fixture_scope(dec):
    if isinstance(dec, ast.Call):
        for kw in dec.keywords:
            if kw.arg == "scope" and isinstance(kw.value, ast.Constant):
                return kw.value.value
    return "function"


def is_fixture(dec):
    target = dec.func if isinstance(dec, ast.Call) else dec
    return (isinstance(target, ast.Attribute) and target.attr == "fixture") or \
           (isinstance(target, ast.Name) and target.id == "fixture")


for py in root.rglob("*.py"):
    tree = ast.parse(py.read_text(encoding="utf-8"), str(py))
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            fx = [d for d in node.decorator_list if is_fixture(d)]
            if fx:
                defs[node.name].append((py, fixture_scope(fx[0]), ast.dump(node.body[0]) if node.body else ""))
            for a in node.args.args:
                uses[a.arg] += 1

print(f"{'fixture':30} {'scope':9} {'uses':>5}  defined in")
for name, entries in sorted(defs.items()):
    for path, scope, _ in entries:
        print(f"{name:30} {scope:9} {uses[name] - 1:>5}  {path}")
dups = {n: e for n, e in defs.items() if len({b for _, _, b in e}) < len(e)}
print(f"\n{sum(1 for n in defs if uses[n] <= 1)} unused, {len(dups)} duplicated")
