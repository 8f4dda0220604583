#!/usr/bin/env python3
"""Workspace-wide semver check and version bump."""
import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

PLAN = Path("target/semver-sweep/plan.json")


def cargo_metadata():
    out = subprocess.run(["cargo", "metadata", "--format-version", "1", "--no-deps"],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def changed_since_tag(pkg):
    tag = f"{pkg['name']}-v{pkg['version']}"
    if subprocess.run(["git", "rev-parse", "-q", "--verify", tag], capture_output=True).returncode:
        return True
    crate_dir = str(Path(pkg["manifest_path"]).parent)
    diff = subprocess.run(["git", "diff", "--quiet", tag, "--", crate_dir])
    return diff.returncode != 0


def check(pkg):
    r = subprocess.run(["cargo", "semver-checks", "check-release", "-p", pkg["name"]],
                       capture_output=True, text=True)
    text = r.stdout + r.stderr
    breaking = re.findall(r"--- failure ([a-z_]+):", text)
    added = "pub item added" in text or re.search(r"\bnew public\b", text) is not None
    return breaking, added


def level_for(pkg):
    if pkg.get("publish") == []:
        return "skip", []
    if not changed_since_tag(pkg):
        return "none", []
    breaking, added = check(pkg)
    major0 = pkg["version"].startswith("0.")
    if breaking:
        return ("minor" if major0 else "major"), breaking
    if added:
        return ("patch" if major0 else "minor"), []
    return "patch", []


def bump(version, level):
    ma, mi, pa = (int(x) for x in version.split("-")[0].split("."))
    if level == "major":
        return f"{ma + 1}.0.0"
    if level == "minor":
        return f"{ma}.{mi + 1}.0"
    return f"{ma}.{mi}.{pa + 1}"


def set_version(manifest, new):
    text = Path(manifest).read_text()
    text = re.sub(r'(?m)^version\s*=\s*"[^"]+"', f'version = "{new}"', text, count=1)
    Path(manifest).write_text(text)


def add_changelog(crate_dir, level, lints):
    cl = Path(crate_dir) / "CHANGELOG.md"
    entry = f"- {level} release" + (": " + ", ".join(lints) if lints else "") + "\n"
    if not cl.exists():
        cl.write_text("# Changelog\n\n## [Unreleased]\n\n" + entry)
        return
    text = cl.read_text()
    if "## [Unreleased]" in text:
        text = text.replace("## [Unreleased]\n", "## [Unreleased]\n\n" + entry, 1)
    else:
        text = text.replace("# Changelog\n", "# Changelog\n\n## [Unreleased]\n\n" + entry, 1)
    cl.write_text(text)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--plan", action="store_true")
    ap.add_argument("--apply", action="store_true")
    a = ap.parse_args()
    meta = cargo_metadata()
    if a.plan:
        plan = []
        for pkg in meta["packages"]:
            level, lints = level_for(pkg)
            plan.append({"name": pkg["name"], "version": pkg["version"], "level": level,
                         "lints": lints, "manifest": pkg["manifest_path"]})
            print(f"{pkg['name']:<32} {pkg['version']:<10} {level}")
        PLAN.parent.mkdir(parents=True, exist_ok=True)
        PLAN.write_text(json.dumps(plan, indent=2))
    elif a.apply:
        plan = json.loads(PLAN.read_text())
        for item in plan:
            if item["level"] in ("none", "skip"):
                continue
            new = bump(item["version"], item["level"])
            set_version(item["manifest"], new)
            add_changelog(Path(item["manifest"]).parent, item["level"], item["lints"])
            subprocess.run(["git", "add", "-A", str(Path(item["manifest"]).parent)], check=True)
            subprocess.run(["git", "commit", "-m", f"chore({item['name']}): {item['version']} -> {new}"], check=True)
            print(f"{item['name']}: {item['version']} -> {new}")
    else:
        ap.print_help()
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
