#!/usr/bin/env python3
"""Write one pcap per fixture case. Offline only: uses scapy's wrpcap, never send()."""
from __future__ import annotations

import sys
from pathlib import Path

import yaml
from scapy.all import IP, TCP, Raw, wrpcap  # type: ignore

CLIENT = "203.0.113.50"
SERVER = "203.0.113.9"


def session(payload: bytes, dport: int, sport: int = 40000) -> list:
    """A minimal handshake, one data segment and a FIN, so stream reassembly works."""
    c_isn, s_isn = 1000, 5000
    pkts = [
        IP(src=CLIENT, dst=SERVER) / TCP(sport=sport, dport=dport, flags="S", seq=c_isn),
        IP(src=SERVER, dst=CLIENT) / TCP(sport=dport, dport=sport, flags="SA", seq=s_isn, ack=c_isn + 1),
        IP(src=CLIENT, dst=SERVER) / TCP(sport=sport, dport=dport, flags="A", seq=c_isn + 1, ack=s_isn + 1),
        IP(src=CLIENT, dst=SERVER) / TCP(sport=sport, dport=dport, flags="PA", seq=c_isn + 1, ack=s_isn + 1) / Raw(payload),
        IP(src=SERVER, dst=CLIENT) / TCP(sport=dport, dport=sport, flags="A", seq=s_isn + 1, ack=c_isn + 1 + len(payload)),
        IP(src=CLIENT, dst=SERVER) / TCP(sport=sport, dport=dport, flags="FA", seq=c_isn + 1 + len(payload), ack=s_isn + 1),
        IP(src=SERVER, dst=CLIENT) / TCP(sport=dport, dport=sport, flags="FA", seq=s_isn + 1, ack=c_isn + 2 + len(payload)),
        IP(src=CLIENT, dst=SERVER) / TCP(sport=sport, dport=dport, flags="A", seq=c_isn + 2 + len(payload), ack=s_isn + 2),
    ]
    for i, p in enumerate(pkts):
        p.time = 1_700_000_000 + i * 0.01
    return pkts


def main() -> int:
    if len(sys.argv) != 3:
        print("usage: gen_pcaps.py CASES.yaml OUTDIR", file=sys.stderr)
        return 2
    cases = yaml.safe_load(Path(sys.argv[1]).read_text())
    out = Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    seen = set()
    for case in cases:
        name = case["name"]
        if name in seen:
            print(f"duplicate case {name}", file=sys.stderr)
            return 1
        seen.add(name)
        payload = case["payload"].encode()
        wrpcap(str(out / f"{name}.pcap"), session(payload, int(case["dport"])))
        print(f"wrote {name}.pcap ({len(payload)} payload bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
