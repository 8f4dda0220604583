"""Prune build caches older than a given age.

Asks before deleting unless --yes is given (for cron jobs the user set up).
"""
import argparse


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--older-than", default="30d")
    p.add_argument("--yes", action="store_true", help="skip the confirmation prompt")
    args = p.parse_args()
    print("would prune caches older than", args.older_than)
    if not args.yes and input("delete? [y/N] ").lower() != "y":
        return


if __name__ == "__main__":
    main()
