#!/usr/bin/env python3
"""Report expiry of certificates embedded in a kubeconfig. Local only, read-only."""
import argparse
import base64
import datetime as dt
import os
import pathlib
import sys

import yaml
from cryptography import x509


def kubeconfig_paths():
    env = os.environ.get("KUBECONFIG")
    if env:
        return [pathlib.Path(p) for p in env.split(os.pathsep) if p]
    return [pathlib.Path.home() / ".kube" / "config"]


def load():
    merged = {"clusters": {}, "users": {}, "contexts": {}}
    for p in kubeconfig_paths():
        if not p.is_file():
            continue
        with p.open("r", encoding="utf-8") as fh:  # read-only
            doc = yaml.safe_load(fh) or {}
        for kind in merged:
            for item in doc.get(kind) or []:
                merged[kind].setdefault(item["name"], item.get(kind[:-1], {}))
    return merged


def not_after(pem_b64=None, path=None):
    try:
        data = base64.b64decode(pem_b64) if pem_b64 else pathlib.Path(os.path.expanduser(path)).read_bytes()
        return x509.load_pem_x509_certificate(data).not_valid_after_utc
    except Exception:
        return None


def auth_kind(user):
    # Only presence is checked; secret values are never read into output.
    if user.get("client-certificate-data") or user.get("client-certificate"):
        return "client-cert"
    if user.get("exec"):
        return "exec:" + os.path.basename(user["exec"].get("command", "?"))
    if user.get("auth-provider"):
        return "auth-provider"
    if user.get("token") or user.get("tokenFile"):
        return "static-token"
    return "none"


def fmt(when, now, warn):
    if when is None:
        return "-", False
    days = (when - now).days
    return f"{when:%Y-%m-%d} ({days} d)", days <= warn


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--warn-days", type=int, default=30)
    ap.add_argument("--context")
    a = ap.parse_args()
    cfg = load()
    now = dt.datetime.now(dt.timezone.utc)
    rows, flagged = [], 0
    for name, ctx in sorted(cfg["contexts"].items()):
        if a.context and name != a.context:
            continue
        user = cfg["users"].get(ctx.get("user"), {})
        cluster = cfg["clusters"].get(ctx.get("cluster"), {})
        cc, warn1 = fmt(not_after(user.get("client-certificate-data"), user.get("client-certificate")), now, a.warn_days)
        ca, warn2 = fmt(not_after(cluster.get("certificate-authority-data"), cluster.get("certificate-authority")), now, a.warn_days)
        kind = auth_kind(user)
        mark = "  (!)" if warn1 or warn2 or kind == "static-token" else ""
        flagged += bool(mark)
        rows.append((name, ctx.get("user", "-"), cc, ca, kind + mark))
    print(f"{'context':<24} {'user':<20} {'client-cert expires':<22} {'CA expires':<22} auth")
    for r in rows:
        print(f"{r[0]:<24} {r[1]:<20} {r[2]:<22} {r[3]:<22} {r[4]}")
    sys.exit(1 if flagged else 0)


if __name__ == "__main__":
    main()
