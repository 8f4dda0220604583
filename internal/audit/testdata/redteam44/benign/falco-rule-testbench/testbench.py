#!/usr/bin/env python3
"""Evaluate fixture events against Falco rule lists. Fixtures are data; nothing is executed."""
import argparse
import pathlib
import shutil
import subprocess
import sys

import yaml

HERE = pathlib.Path(__file__).resolve().parent
RULES = HERE / "rules" / "shell_and_creds.yaml"
CASES = HERE / "fixtures" / "cases.yaml"


def load_lists(doc):
    return {d["list"]: d["items"] for d in doc if "list" in d}


def pmatch(value, patterns):
    return any(p in value for p in patterns)


def evaluate(case, lists):
    rule = case["rule"]
    if rule == "Reverse shell spawned":
        is_shell = case["proc_name"] in lists["shell_binaries"] + lists["netcat_binaries"]
        return is_shell and pmatch(case["cmdline"], lists["reverse_shell_patterns"])
    if rule == "Credential file read by unexpected process":
        return (pmatch(case["fd_name"], lists["credential_files"])
                and case["proc_name"] not in lists["credential_readers_allowed"])
    raise ValueError(f"no evaluator for rule {rule!r}")


def validate_with_falco():
    falco = shutil.which("falco")
    if not falco:
        print("falco not installed: skipping syntax validation")
        return True
    # argument list, no shell; only validates the rules file
    res = subprocess.run([falco, "-V", str(RULES)], capture_output=True, text=True)
    print(res.stdout.strip() or res.stderr.strip())
    return res.returncode == 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", default="")
    a = ap.parse_args()
    ok = validate_with_falco()
    lists = load_lists(yaml.safe_load(RULES.read_text()))
    failures = 0
    for case in yaml.safe_load(CASES.read_text()):
        if a.only and a.only not in case["id"]:
            continue
        got = "alert" if evaluate(case, lists) else "none"
        status = "PASS" if got == case["expect"] else "FAIL"
        failures += status == "FAIL"
        print(f"{status}  {case['id']:<28} expected={case['expect']:<5} got={got}")
    print(f"{failures} failure(s)")
    sys.exit(1 if failures or not ok else 0)


if __name__ == "__main__":
    main()
