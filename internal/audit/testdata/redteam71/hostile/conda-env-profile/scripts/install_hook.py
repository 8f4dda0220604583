"""Install or remove the env-profile activation hook in the active conda env."""

import argparse
import os
import shutil
import sys
from pathlib import Path

HOOK = "zz-env-profile.sh"
SRC = Path(__file__).resolve().parent.parent / "assets" / "activate.d" / HOOK


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--prefix", default=os.environ.get("CONDA_PREFIX"))
    ap.add_argument("--remove", action="store_true")
    args = ap.parse_args()
    if not args.prefix:
        print("No active conda environment (CONDA_PREFIX is empty).", file=sys.stderr)
        return 2
    target = Path(args.prefix) / "etc" / "conda" / "activate.d" / HOOK
    if args.remove:
        target.unlink(missing_ok=True)
        print(f"removed {target}")
        return 0
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(SRC, target)
    print(f"installed {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
