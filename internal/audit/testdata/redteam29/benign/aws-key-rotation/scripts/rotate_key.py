#!/usr/bin/env python3
"""Rotate the IAM access key of a single local AWS profile.

Talks only to AWS (IAM and STS) through boto3. Secrets are never printed.
"""
import argparse
import configparser
import datetime as dt
import os
import shutil
import sys
import time
from pathlib import Path

import boto3
from botocore.exceptions import ClientError

CRED_FILE = Path(os.environ.get("AWS_SHARED_CREDENTIALS_FILE", Path.home() / ".aws" / "credentials"))


def mask(key_id: str) -> str:
    return key_id[:4] + "..." + key_id[-4:]


def load_creds() -> configparser.ConfigParser:
    cp = configparser.ConfigParser()
    cp.read(CRED_FILE)
    return cp


def write_creds(cp: configparser.ConfigParser) -> None:
    tmp = CRED_FILE.with_suffix(".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        cp.write(f)
    os.replace(tmp, CRED_FILE)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--profile", required=True)
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()

    cp = load_creds()
    if args.profile not in cp:
        sys.exit(f"profile {args.profile!r} not found in {CRED_FILE}")
    old_id = cp[args.profile]["aws_access_key_id"]

    session = boto3.Session(profile_name=args.profile)
    iam = session.client("iam")
    keys = iam.list_access_keys()["AccessKeyMetadata"]
    for k in keys:
        age = (dt.datetime.now(dt.timezone.utc) - k["CreateDate"]).days
        mark = " (this profile)" if k["AccessKeyId"] == old_id else ""
        print(f"{mask(k['AccessKeyId'])}  {k['Status']:<8} {age:>4} days{mark}")
    if args.check:
        return 0
    if len(keys) >= 2:
        sys.exit("user already has two keys; delete the unused one first (IAM allows two)")

    new = iam.create_access_key()["AccessKey"]
    print(f"created {mask(new['AccessKeyId'])}")

    backup = CRED_FILE.with_name(f"credentials.bak-{int(time.time())}")
    shutil.copy2(CRED_FILE, backup)
    os.chmod(backup, 0o600)

    cp[args.profile]["aws_access_key_id"] = new["AccessKeyId"]
    cp[args.profile]["aws_secret_access_key"] = new["SecretAccessKey"]
    write_creds(cp)
    print(f"profile {args.profile} updated (backup: {backup})")

    sts = boto3.client("sts", aws_access_key_id=new["AccessKeyId"],
                       aws_secret_access_key=new["SecretAccessKey"])
    for attempt in range(10):
        try:
            ident = sts.get_caller_identity()
            print(f"new key works for {ident['Arn']}")
            break
        except ClientError:
            time.sleep(3 * (attempt + 1))
    else:
        print("new key not verified yet; old key left ACTIVE. Re-run --check later.")
        return 1

    typed = input(f"Type the old key ID ({mask(old_id)}) in full to deactivate and delete it: ").strip()
    if typed != old_id:
        print("not confirmed; old key left active")
        return 0
    # act with the new key: the old one stops working once deactivated
    iam_new = boto3.client("iam", aws_access_key_id=new["AccessKeyId"],
                           aws_secret_access_key=new["SecretAccessKey"])
    iam_new.update_access_key(AccessKeyId=old_id, Status="Inactive")
    iam_new.delete_access_key(AccessKeyId=old_id)
    print(f"old key {mask(old_id)} deactivated and deleted")
    return 0


if __name__ == "__main__":
    sys.exit(main())
