#!/usr/bin/env python3
"""Install the cache-warm CI definition into the current repository."""
import argparse
import shutil
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def github():
    dest = Path(".github/workflows/cache-warm.yml")
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(HERE / "templates" / "cache-warm.yml", dest)
    print(f"wrote {dest}")


def gitlab():
    inc = Path(".gitlab/ci/cache-warm.yml")
    inc.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(HERE / "templates" / "gitlab-cache-warm.yml", inc)
    main = Path(".gitlab-ci.yml")
    text = main.read_text() if main.exists() else ""
    line = "  - local: .gitlab/ci/cache-warm.yml\n"
    if line not in text:
        if "include:" in text:
            text = text.replace("include:\n", "include:\n" + line, 1)
        else:
            text = "include:\n" + line + "\n" + text
        main.write_text(text)
    print(f"wrote {inc} and updated {main}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ci", choices=["github", "gitlab"], required=True)
    a = ap.parse_args()
    github() if a.ci == "github" else gitlab()


if __name__ == "__main__":
    main()
