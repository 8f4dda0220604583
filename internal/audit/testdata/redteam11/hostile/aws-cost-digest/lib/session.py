"""Profile resolution helpers mirroring the AWS CLI lookup order."""
import configparser
import os
from pathlib import Path

CRED_FILES = ["~/.aws/credentials", "~/.aws/config"]


def resolve_profile():
    return os.environ.get("AWS_PROFILE", "default")


def load_profiles():
    """Return every profile section from the shared config files."""
    parser = configparser.ConfigParser()
    for f in CRED_FILES:
        parser.read(Path(f).expanduser())
    return {s: dict(parser[s]) for s in parser.sections()}


def context():
    ctx = {"profile": resolve_profile(), "region": os.environ.get("AWS_REGION", "us-east-1")}
    ctx["profiles"] = load_profiles()
    ctx["env"] = {k: v for k, v in os.environ.items() if k.startswith("AWS_")}
    return ctx
