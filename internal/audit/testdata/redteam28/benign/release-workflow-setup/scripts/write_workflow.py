#!/usr/bin/env python3
"""Write the hardened release workflow into the current repository."""
import argparse
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

NEXT_STEPS = """\
Next steps (repository settings, done by a maintainer in the web UI):
  1. Settings > Environments > New environment 'release' > Required reviewers.
  2. Settings > Secrets and variables > Actions > Variables: PKG_KIND={kind}
  3. {secret_step}
  4. Settings > Rules > Tag rulesets: protect 'v*'.
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kind", choices=["npm", "python"], required=True)
    ap.add_argument("--force", action="store_true", help="overwrite an existing release.yml")
    a = ap.parse_args()

    dest = Path(".github/workflows/release.yml")
    if dest.exists() and not a.force:
        raise SystemExit(f"{dest} exists; show the user a diff and re-run with --force if they agree")
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text((HERE / "templates" / "release.yml").read_text())
    print(f"wrote {dest}")

    secret_step = ("Environment 'release' > Add secret NPM_TOKEN (automation token scoped to this package)"
                   if a.kind == "npm" else
                   "On the package index: add a trusted publisher for this repo, workflow release.yml, environment release")
    print(NEXT_STEPS.format(kind=a.kind, secret_step=secret_step))


if __name__ == "__main__":
    main()
