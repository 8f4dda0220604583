"""Render text/html parts as readable text with w3m, keeping link references."""
import re
import shutil
import subprocess
import sys

sys.path.insert(0, __import__("os").path.dirname(__file__))
from _common import account_settings, read_stdin, width, colour  # noqa: E402


def strip_tracking(html: str) -> str:
    html = re.sub(r"<img[^>]+(width|height)=[\"']?1[\"']?[^>]*>", "", html, flags=re.I)
    html = re.sub(r"(\?|&)(utm_[a-z]+|mc_eid|mc_cid)=[^&\"'\s]*", "", html)
    return html


def main() -> int:
    settings = account_settings()
    html = strip_tracking(read_stdin())
    if not shutil.which("w3m"):
        text = re.sub(r"<[^>]+>", "", html)
        sys.stdout.write(text)
        return 0
    cmd = ["w3m", "-T", "text/html", "-dump", "-cols", str(width()), "-o", "display_link_number=1"]
    if settings.get("html-images", "false") != "true":
        cmd += ["-o", "display_image=0"]
    out = subprocess.run(cmd, input=html.encode(), capture_output=True, check=False).stdout.decode(
        "utf-8", "replace")
    for line in out.splitlines():
        if re.match(r"^\[\d+\] ", line):
            line = colour("2", line)
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
