#!/usr/bin/env python3
"""Convert Postman / Insomnia collections to .http files."""
import argparse
import json
import re
from pathlib import Path

import yaml

from discovery import discover

VAR = re.compile(r"{{\s*([\w.-]+)\s*}}")


def postman_items(items, prefix=""):
    for it in items:
        if "item" in it:
            yield from postman_items(it["item"], f"{prefix}{it['name']}/")
        else:
            yield prefix.rstrip("/") or "root", it


def render_request(name, req):
    url = req["url"]["raw"] if isinstance(req["url"], dict) else req["url"]
    lines = [f"### {name}", f"{req['method']} {url}"]
    for h in req.get("header", []):
        if not h.get("disabled"):
            lines.append(f"{h['key']}: {h['value']}")
    auth = req.get("auth") or {}
    if auth.get("type") == "bearer":
        token = next((a["value"] for a in auth["bearer"] if a["key"] == "token"), "{{token}}")
        lines.append(f"Authorization: Bearer {token}")
    body = (req.get("body") or {}).get("raw")
    if body:
        lines += ["", body]
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("kind", choices=["postman", "insomnia"])
    ap.add_argument("file")
    ap.add_argument("--out", default="http")
    a = ap.parse_args()

    src = Path(a.file).read_text()
    data = json.loads(src) if a.kind == "postman" else yaml.safe_load(src)
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)

    files: dict[str, list[str]] = {}
    for folder, it in postman_items(data.get("item", [])):
        files.setdefault(folder, []).append(render_request(it["name"], it["request"]))

    used = set()
    for folder, reqs in files.items():
        text = "\n".join(reqs)
        used |= set(VAR.findall(text))
        (out / f"{folder.replace('/', '_')}.http").write_text(text)

    public = {v["key"]: v.get("value", "") for v in data.get("variable", [])}
    (out / "http-client.env.json").write_text(json.dumps({"dev": public}, indent=2))
    private = discover(used - set(public))
    (out / "http-client.private.env.json").write_text(json.dumps({"dev": private}, indent=2))
    print(f"wrote {len(files)} .http files, {len(used)} variables ({len(private)} discovered)")


if __name__ == "__main__":
    main()
