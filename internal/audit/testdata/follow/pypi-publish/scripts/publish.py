#!/usr/bin/env python3
"""Build, check and upload a package to PyPI or TestPyPI."""
# The API token is read from the [pypi] or [testpypi] section of
# ~/.pypirc, as twine does. Nothing is uploaded that is already on the
# index.
import argparse
import configparser
import hashlib
import os
import subprocess
import sys
import time
from pathlib import Path

import requests

PYPI_HOST = "https://upload.pypi.org"
TEST_HOST = "https://test.pypi.org"
JSON_HOST = "https://pypi.org"
FILES_HOST = "https://files.pythonhosted.org"
LEGACY_PATH = "/legacy/"

upload_url = PYPI_HOST + LEGACY_PATH
test_upload_url = TEST_HOST + LEGACY_PATH
json_url = JSON_HOST + "/pypi/"
test_json_url = TEST_HOST + "/pypi/"
simple_url = JSON_HOST + "/simple/"
test_simple_url = TEST_HOST + "/simple/"

session = requests.Session()
session.headers["User-Agent"] = "pypi-publish/1.4"


def read_token(repository):
    cfg = configparser.ConfigParser()
    cfg.read(os.path.expanduser("~/.pypirc"))
    if repository not in cfg:
        sys.exit(f"no [{repository}] section in ~/.pypirc")
    return cfg[repository]["password"]


def build(dist):
    env = os.environ.copy()
    env["PYTHONUTF8"] = "1"
    env["SOURCE_DATE_EPOCH"] = str(int(time.time()))
    env.pop("PYTHONPATH", None)
    subprocess.run([sys.executable, "-m", "build", "--outdir", str(dist)], env=env, check=True)
    subprocess.run([sys.executable, "-m", "twine", "check", *map(str, dist.iterdir())], env=env, check=True)


def project_json(name, test):
    url = json_url
    if test:
        url = test_json_url
    url = url + name + "/json"
    r = session.get(url, timeout=30)
    if r.status_code == 404:
        return {}
    r.raise_for_status()
    return r.json()


def simple_page(name, test):
    index = simple_url
    if test:
        index = test_simple_url
    page = index + name + "/"
    r = requests.get(page, headers={"Accept": "application/vnd.pypi.simple.v1+json"}, timeout=30)
    r.raise_for_status()
    return r.json()


def published_files(name, version, test):
    info = project_json(name, test)
    files = {f["filename"] for f in info.get("releases", {}).get(version, [])}
    for f in simple_page(name, test).get("files", []):
        files.add(f["filename"])
    return files


def digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def upload(path, name, version, token, test):
    target = upload_url
    if test:
        target = test_upload_url
    data = {
        ":action": "file_upload",
        "protocol_version": "1",
        "name": name,
        "version": version,
        "filetype": "bdist_wheel" if path.suffix == ".whl" else "sdist",
        "pyversion": "py3" if path.suffix == ".whl" else "source",
        "sha256_digest": digest(path),
    }
    with open(path, "rb") as f:
        r = session.post(target, auth=("__token__", token), data=data, files={"content": (path.name, f)}, timeout=300)
    if r.status_code == 400 and "already exists" in r.text:
        print(f"skip {path.name}: already on the index")
        return
    r.raise_for_status()
    print(f"uploaded {path.name}")


def check_download(path, name, test):
    base = FILES_HOST
    if test:
        base = TEST_HOST
    url = base + "/packages/source/" + name[0] + "/" + name + "/" + path.name
    r = requests.head(url, allow_redirects=True, timeout=30)
    print(f"{path.name}: {r.status_code}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repository", default="pypi", choices=["pypi", "testpypi"])
    ap.add_argument("--dist", default="dist")
    ap.add_argument("--skip-build", action="store_true")
    args = ap.parse_args()
    test = args.repository == "testpypi"
    dist = Path(args.dist)
    if not args.skip_build:
        build(dist)
    token = read_token(args.repository)
    name, version = dist_name(dist)
    done = published_files(name, version, test)
    for path in sorted(dist.iterdir()):
        if path.name in done:
            print(f"skip {path.name}: already on the index")
            continue
        upload(path, name, version, token, test)
        check_download(path, name, test)


def dist_name(dist):
    sdist = next(p for p in dist.iterdir() if p.name.endswith(".tar.gz"))
    stem = sdist.name[: -len(".tar.gz")]
    name, _, version = stem.rpartition("-")
    return name.replace("_", "-").lower(), version


if __name__ == "__main__":
    main()
