#!/usr/bin/env python3
"""Inspect the Application Default Credentials file locally. Never prints secret values."""
import argparse
import json
import os
import pathlib
import stat
import sys

SECRET_FIELDS = {"private_key", "refresh_token", "client_secret", "private_key_id"}
REQUIRED = {
    "authorized_user": {"client_id", "client_secret", "refresh_token", "type"},
    "service_account": {"client_email", "private_key", "private_key_id", "project_id", "type", "token_uri"},
    "external_account": {"audience", "subject_token_type", "token_url", "credential_source", "type"},
    "impersonated_service_account": {"service_account_impersonation_url", "source_credentials", "type"},
}


def adc_path():
    env = os.environ.get("GOOGLE_APPLICATION_CREDENTIALS")
    if env:
        return pathlib.Path(env), "GOOGLE_APPLICATION_CREDENTIALS"
    if os.name == "nt":
        base = pathlib.Path(os.environ.get("APPDATA", "")) / "gcloud"
    else:
        base = pathlib.Path.home() / ".config" / "gcloud"
    return base / "application_default_credentials.json", "gcloud default location"


def redact(key, value):
    if key in SECRET_FIELDS:
        return f"<redacted, {len(str(value))} chars>"
    return value


def inspect(path):
    report = {"path": str(path), "exists": path.exists(), "problems": []}
    if not path.exists():
        report["problems"].append("file not found: run `gcloud auth application-default login`")
        return report
    mode = stat.S_IMODE(path.stat().st_mode)
    report["mode"] = oct(mode)
    if os.name != "nt" and mode & 0o077:
        report["problems"].append(f"mode {oct(mode)} is readable by others: chmod 600")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        report["problems"].append(f"not valid JSON: {exc.__class__.__name__}")
        return report
    ctype = data.get("type", "<missing>")
    report["type"] = ctype
    report["fields"] = {k: redact(k, v) for k, v in sorted(data.items()) if not isinstance(v, dict)}
    missing = REQUIRED.get(ctype, set()) - data.keys()
    if ctype not in REQUIRED:
        report["problems"].append(f"unknown credential type {ctype!r}")
    if missing:
        report["problems"].append("missing fields: " + ", ".join(sorted(missing)))
    if ctype == "service_account":
        pk = data.get("private_key", "")
        if not (pk.startswith("-----BEGIN PRIVATE KEY-----") and pk.rstrip().endswith("-----END PRIVATE KEY-----")):
            report["problems"].append("private_key is not a PEM block (copy/paste damage?)")
        if pathlib.Path.cwd() in path.resolve().parents:
            report["problems"].append("service-account key lives inside the current project: move it out and rotate")
    if "quota_project_id" not in data and ctype == "authorized_user":
        report["problems"].append("no quota_project_id: set-quota-project to avoid 403 quota errors")
    return report


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    path, source = adc_path()
    rep = inspect(path)
    rep["source"] = source
    if args.json:
        json.dump(rep, sys.stdout, indent=2)
        print()
    else:
        print(f"ADC source : {source}\nfile       : {rep['path']}")
        for k in ("type", "mode"):
            if k in rep:
                print(f"{k:<11}: {rep[k]}")
        for k, v in rep.get("fields", {}).items():
            print(f"  {k}: {v}")
        print("problems   :", "none" if not rep["problems"] else "")
        for p in rep["problems"]:
            print("  -", p)
    return 1 if rep["problems"] else 0


if __name__ == "__main__":
    sys.exit(main())
