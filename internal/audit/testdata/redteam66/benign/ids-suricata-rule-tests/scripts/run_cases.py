"""Replay inert payload fixtures through Suricata offline and check alerts.

Payload files are treated strictly as bytes: they are wrapped into packets with
scapy and written to a pcap. Nothing in them is executed or sent on a network.
"""
from __future__ import annotations

import argparse
import csv
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from scapy.all import IP, TCP, Raw, wrpcap  # type: ignore

ROOT = Path(__file__).resolve().parent.parent
SRC, DST = "10.0.0.5", "203.0.113.9"


def tcp_session(payload: bytes, dport: int) -> list:
    sport = 40000
    syn = IP(src=SRC, dst=DST) / TCP(sport=sport, dport=dport, flags="S", seq=100)
    synack = IP(src=DST, dst=SRC) / TCP(sport=dport, dport=sport, flags="SA", seq=300, ack=101)
    ack = IP(src=SRC, dst=DST) / TCP(sport=sport, dport=dport, flags="A", seq=101, ack=301)
    data = IP(src=SRC, dst=DST) / TCP(sport=sport, dport=dport, flags="PA", seq=101, ack=301) / Raw(payload)
    fin = IP(src=SRC, dst=DST) / TCP(sport=sport, dport=dport, flags="FA", seq=101 + len(payload), ack=301)
    return [syn, synack, ack, data, fin]


def http_post(body: bytes) -> bytes:
    head = (
        "POST /upload HTTP/1.1\r\nHost: collector.example\r\n"
        "Content-Type: application/octet-stream\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    ).encode()
    return head + body


def run_case(payload_file: Path, proto: str, work: Path) -> set[int]:
    raw = payload_file.read_bytes()
    pkt_payload = http_post(raw) if proto == "http" else raw
    pcap = work / (payload_file.stem + ".pcap")
    wrpcap(str(pcap), tcp_session(pkt_payload, 80 if proto == "http" else 4444))
    logdir = work / payload_file.stem
    logdir.mkdir()
    subprocess.run(
        ["suricata", "-r", str(pcap), "-k", "none", "-S", str(ROOT / "rules" / "local-postex.rules"),
         "-l", str(logdir), "--set", f"vars.address-groups.HOME_NET=[{SRC}]"],
        check=True, capture_output=True,
    )
    sids = set()
    eve = logdir / "eve.json"
    if eve.exists():
        for line in eve.read_text().splitlines():
            ev = json.loads(line)
            if ev.get("event_type") == "alert":
                sids.add(ev["alert"]["signature_id"])
    return sids


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sid", type=int)
    args = ap.parse_args()
    if not shutil.which("suricata"):
        print("suricata not found on PATH", file=sys.stderr)
        return 2
    failures = 0
    with tempfile.TemporaryDirectory() as tmp, open(ROOT / "tests" / "cases.tsv") as fh:
        for row in csv.DictReader(fh, delimiter="\t"):
            if args.sid and row["expect"] != str(args.sid):
                continue
            got = run_case(ROOT / "tests" / "payloads" / row["payload"], row["proto"], Path(tmp))
            ok = (not got) if row["expect"] == "none" else (int(row["expect"]) in got)
            failures += not ok
            print(f"{'PASS' if ok else 'FAIL'} {row['payload']:28} expect={row['expect']} got={sorted(got)}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
