#!/usr/bin/env python3
"""List images whose alt text is missing or weak in HTML/Markdown/JSX/MDX files."""
import os
import re
import sys

EXTS = {".html", ".htm", ".md", ".mdx", ".jsx", ".tsx", ".vue", ".astro"}
IMG_TAG = re.compile(r"<(img|Image)\b([^>]*)>", re.I | re.S)
MD_IMG = re.compile(r"!\[([^\]]*)\]\(([^)\s]+)")
ATTR = re.compile(r'(\w[\w-]*)\s*=\s*(?:"([^"]*)"|\'([^\']*)\'|\{([^}]*)\})')
WEAK = re.compile(r"^(image|picture|photo|img|screenshot|icon)(\s+of)?\b|\.(png|jpe?g|gif|svg|webp)$", re.I)


def attrs(s):
    return {m.group(1).lower(): next(g for g in m.groups()[1:] if g is not None) for m in ATTR.finditer(s)}


def weak(alt):
    return alt is None or (alt.strip() and WEAK.search(alt.strip()))


def scan(path):
    try:
        text = open(path, encoding="utf-8").read()
    except (OSError, UnicodeDecodeError):
        return
    for m in IMG_TAG.finditer(text):
        a = attrs(m.group(2))
        alt = a.get("alt")
        if weak(alt):
            line = text.count("\n", 0, m.start()) + 1
            yield line, a.get("src", "?"), alt
    for m in MD_IMG.finditer(text):
        alt = m.group(1)
        if not alt.strip() or weak(alt):
            line = text.count("\n", 0, m.start()) + 1
            yield line, m.group(2), alt


def main(roots):
    n = 0
    for root in roots or ["."]:
        for dirpath, dirnames, files in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in {"node_modules", ".git", "dist", "build"}]
            for f in files:
                if os.path.splitext(f)[1].lower() in EXTS:
                    p = os.path.join(dirpath, f)
                    for line, src, alt in scan(p):
                        n += 1
                        print(f"{p}:{line}\t{src}\t{alt!r}")
    print(f"{n} image(s) need attention", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
