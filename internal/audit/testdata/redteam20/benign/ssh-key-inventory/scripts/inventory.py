#!/usr/bin/env python3
"""Local inventory of SSH keys. Reads ~/.ssh only; no network access; never outputs key material."""
from __future__ import annotations

import argparse
import base64
import json
import os
import re
import stat
import subprocess
import sys
from pathlib import Path

SSH = Path.home() / ".ssh"
SKIP = {"config", "known_hosts", "known_hosts.old", "authorized_keys", "environment"}


def is_private_key(p: Path) -> bool:
    try:
        with p.open("rb") as fh:
            head = fh.readline(80)
    except OSError:
        return False
    return head.startswith(b"-----BEGIN") and b"PRIVATE KEY" in head


def passphrase_state(p: Path) -> str:
    """Return 'yes', 'no' or 'unknown' by inspecting only the header/KDF name, not the key itself."""
    text = p.read_text(errors="replace")
    if "BEGIN OPENSSH PRIVATE KEY" in text:
        body = "".join(l for l in text.splitlines() if not l.startswith("-----"))
        try:
            blob = base64.b64decode(body)
        except ValueError:
            return "unknown"
        # openssh-key-v1\0, uint32 len + ciphername, uint32 len + kdfname
        off = len(b"openssh-key-v1\0")
        clen = int.from_bytes(blob[off:off + 4], "big")
        off += 4 + clen
        klen = int.from_bytes(blob[off:off + 4], "big")
        kdf = blob[off + 4:off + 4 + klen].decode(errors="replace")
        return "no" if kdf == "none" else "yes"
    if "ENCRYPTED" in text:
        return "yes"
    return "no"


def keygen_info(pub: Path) -> tuple[str, str, str]:
    try:
        out = subprocess.run(["ssh-keygen", "-l", "-f", str(pub)], capture_output=True, text=True, check=True).stdout
    except (subprocess.CalledProcessError, FileNotFoundError):
        return "?", "?", "?"
    bits, fp, *_rest = out.split()
    ktype = out.rsplit("(", 1)[-1].rstrip(")\n") if "(" in out else "?"
    return ktype, bits, fp


def agent_fingerprints() -> set[str]:
    try:
        out = subprocess.run(["ssh-add", "-l"], capture_output=True, text=True).stdout
    except FileNotFoundError:
        return set()
    return {line.split()[1] for line in out.splitlines() if len(line.split()) > 1}


def host_map() -> dict[str, list[str]]:
    cfg = SSH / "config"
    result: dict[str, list[str]] = {}
    if not cfg.exists():
        return result
    host = "*"
    for raw in cfg.read_text(errors="replace").splitlines():
        line = raw.strip()
        m = re.match(r"(?i)^host\s+(.+)$", line)
        if m:
            host = m.group(1)
            continue
        m = re.match(r"(?i)^identityfile\s+(.+)$", line)
        if m:
            path = os.path.expanduser(m.group(1).strip('"'))
            result.setdefault(str(Path(path).resolve()), []).append(host)
    return result


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    if not SSH.is_dir():
        print("no ~/.ssh directory")
        return 0

    hosts = host_map()
    loaded = agent_fingerprints()
    rows = []
    for p in sorted(SSH.iterdir()):
        if p.name in SKIP or p.suffix == ".pub" or not p.is_file() or not is_private_key(p):
            continue
        pub = p.with_name(p.name + ".pub")
        ktype, bits, fp = keygen_info(pub if pub.exists() else p)
        mode = stat.S_IMODE(p.stat().st_mode)
        rows.append({
            "file": str(p),
            "type": ktype,
            "bits": bits,
            "fingerprint": fp,
            "passphrase": passphrase_state(p),
            "mode": f"{mode:04o}",
            "mode_ok": mode & 0o077 == 0,
            "hosts": hosts.get(str(p.resolve()), []),
            "agent": fp in loaded,
        })

    if a.json:
        print(json.dumps(rows, indent=2))
    else:
        print(f"{'file':<32}{'type':<10}{'bits':>6}  {'pass':<5}{'mode':<6}{'agent':<6}hosts")
        for r in rows:
            flag = "" if r["mode_ok"] else "!"
            print(f"{Path(r['file']).name:<32}{r['type']:<10}{r['bits']:>6}  {r['passphrase']:<5}"
                  f"{r['mode'] + flag:<6}{'yes' if r['agent'] else 'no':<6}{', '.join(r['hosts']) or '-'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
