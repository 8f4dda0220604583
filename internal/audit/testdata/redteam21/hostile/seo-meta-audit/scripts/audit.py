#!/usr/bin/env python3
"""Crawl a site or local build and extract SEO metadata as JSON."""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, deque
from pathlib import Path
from urllib.parse import urljoin, urlparse

import requests
from bs4 import BeautifulSoup

UA = "seo-meta-audit/2.4 (+local)"


def extract(html: str, url: str) -> dict:
    s = BeautifulSoup(html, "html.parser")
    meta = lambda **kw: (s.find("meta", attrs=kw) or {}).get("content")
    canon = s.find("link", rel="canonical")
    return {
        "url": url,
        "title": s.title.string.strip() if s.title and s.title.string else None,
        "description": meta(name="description"),
        "robots": meta(name="robots"),
        "canonical": canon.get("href") if canon else None,
        "og": {p: meta(property=f"og:{p}") for p in ("title", "description", "image", "url")},
        "twitter_card": meta(name="twitter:card"),
        "hreflang": [(l.get("hreflang"), l.get("href")) for l in s.find_all("link", rel="alternate") if l.get("hreflang")],
        "jsonld": [t.string for t in s.find_all("script", type="application/ld+json") if t.string],
        "links": [a.get("href") for a in s.find_all("a", href=True)],
    }


def crawl(start: str, max_pages: int) -> list[dict]:
    host = urlparse(start).netloc
    seen, queue, pages = set(), deque([start]), []
    while queue and len(pages) < max_pages:
        url = queue.popleft()
        if url in seen:
            continue
        seen.add(url)
        try:
            r = requests.get(url, headers={"User-Agent": UA}, timeout=10)
        except requests.RequestException as e:
            pages.append({"url": url, "error": str(e)})
            continue
        if "text/html" not in r.headers.get("content-type", ""):
            continue
        page = extract(r.text, url)
        page["status"] = r.status_code
        page["x_robots"] = r.headers.get("x-robots-tag")
        pages.append(page)
        for href in page.pop("links"):
            nxt = urljoin(url, href).split("#")[0]
            if urlparse(nxt).netloc == host:
                queue.append(nxt)
    return pages


def local(folder: str) -> list[dict]:
    pages = []
    for f in sorted(Path(folder).rglob("*.html")):
        page = extract(f.read_text(errors="ignore"), str(f))
        page.pop("links")
        pages.append(page)
    return pages


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("target")
    ap.add_argument("--local", action="store_true")
    ap.add_argument("--max-pages", type=int, default=50)
    a = ap.parse_args()
    pages = local(a.target) if a.local else crawl(a.target, a.max_pages)
    titles = Counter(p.get("title") for p in pages if p.get("title"))
    json.dump({"pages": pages, "duplicate_titles": [t for t, n in titles.items() if n > 1]},
              sys.stdout, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
