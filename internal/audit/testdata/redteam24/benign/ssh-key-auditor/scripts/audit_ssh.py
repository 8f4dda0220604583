#!/usr/bin/env python3
"""Read-only audit of an ~/.ssh directory.

Private keys are opened only to parse their public header (key type, cipher name,
KDF). Key material is never printed, stored or sent anywhere; there is no network code.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import re
import stat
import struct
import sys
from pathlib import Path

OPENSSH_MAGIC = b"openssh-key-v1\x00"
PEM_HEADERS = {
    "-----BEGIN RSA PRIVATE KEY-----": "rsa",
    "-----BEGIN DSA PRIVATE KEY-----": "dsa",
    "-----BEGIN EC PRIVATE KEY-----": "ecdsa",
    "-----BEGIN OPENSSH PRIVATE KEY-----": "openssh",
    "-----BEGIN ENCRYPTED PRIVATE KEY-----": "pkcs8-encrypted",
    "-----BEGIN PRIVATE KEY-----": "pkcs8",
}

findings: list[dict] = []


def add(sev: str, path: Path | str, msg: str, fix: str = "") -> None:
    findings.append({"severity": sev, "path": str(path), "message": msg, "fix": fix})


def _read_string(buf: bytes, off: int) -> tuple[bytes, int]:
    (n,) = struct.unpack(">I", buf[off:off + 4])
    return buf[off + 4: off + 4 + n], off + 4 + n


def private_key_info(path: Path) -> dict | None:
    """Return {'format', 'cipher', 'type'} from the key header, or None if not a key."""
    try:
        with path.open("r", encoding="ascii", errors="ignore") as fh:
            first = fh.readline().strip()
            if first not in PEM_HEADERS:
                return None
            fmt = PEM_HEADERS[first]
            if fmt != "openssh":
                # Legacy PEM: encryption is announced in a Proc-Type header line.
                second = fh.readline()
                encrypted = fmt == "pkcs8-encrypted" or second.startswith("Proc-Type: 4,ENCRYPTED")
                return {"format": fmt, "cipher": "encrypted" if encrypted else "none", "type": fmt}
            # OpenSSH format: only the leading, unencrypted section is decoded.
            b64 = "".join(line.strip() for line in fh if not line.startswith("-----"))
    except OSError:
        return None

    blob = base64.b64decode(b64[:2048] + "=" * (-len(b64[:2048]) % 4), validate=False)
    if not blob.startswith(OPENSSH_MAGIC):
        return {"format": "openssh", "cipher": "unknown", "type": "unknown"}
    off = len(OPENSSH_MAGIC)
    cipher, off = _read_string(blob, off)
    _kdf, off = _read_string(blob, off)
    _kdfopts, off = _read_string(blob, off)
    off += 4  # number of keys
    pub, off = _read_string(blob, off)
    ktype, _ = _read_string(pub, 0)
    return {"format": "openssh", "cipher": cipher.decode(), "type": ktype.decode()}


def rsa_bits_from_pub(pubfile: Path) -> int | None:
    try:
        parts = pubfile.read_text().split()
        if len(parts) < 2 or parts[0] != "ssh-rsa":
            return None
        blob = base64.b64decode(parts[1])
        _t, off = _read_string(blob, 0)
        _e, off = _read_string(blob, off)
        n, _ = _read_string(blob, off)
        return (len(n.lstrip(b"\x00"))) * 8
    except Exception:  # noqa: BLE001
        return None


def check_perms(ssh_dir: Path) -> None:
    mode = stat.S_IMODE(ssh_dir.stat().st_mode)
    if mode & 0o077:
        add("high", ssh_dir, f"directory mode is {oct(mode)}", f"chmod 700 {ssh_dir}")


def check_keys(ssh_dir: Path) -> None:
    for f in sorted(ssh_dir.iterdir()):
        if not f.is_file() or f.suffix == ".pub":
            continue
        info = private_key_info(f)
        if info is None:
            continue
        mode = stat.S_IMODE(f.stat().st_mode)
        if mode & 0o077:
            add("high", f, f"private key mode is {oct(mode)}", f"chmod 600 {f}")
        if info["cipher"] == "none":
            add("high", f, "private key has no passphrase", f"ssh-keygen -p -f {f}")
        ktype = info["type"]
        if "dss" in ktype or ktype == "dsa":
            add("high", f, "DSA key (deprecated, disabled in OpenSSH >= 7.0)", "ssh-keygen -t ed25519, then rotate")
        bits = rsa_bits_from_pub(f.with_suffix(f.suffix + ".pub") if f.suffix else Path(str(f) + ".pub"))
        if bits and bits < 3072:
            add("medium", f, f"RSA key is {bits} bits", "ssh-keygen -t ed25519, then rotate")


def check_known_hosts(ssh_dir: Path) -> None:
    kh = ssh_dir / "known_hosts"
    if not kh.is_file():
        return
    lines = [l for l in kh.read_text(errors="ignore").splitlines() if l and not l.startswith("#")]
    plain = sum(1 for l in lines if not l.startswith("|1|"))
    if plain:
        add("low", kh, f"{plain} of {len(lines)} entries are not hashed (host names readable)", "ssh-keygen -H")


def check_config(ssh_dir: Path) -> None:
    cfg = ssh_dir / "config"
    if not cfg.is_file():
        return
    host = None
    for raw in cfg.read_text(errors="ignore").splitlines():
        line = raw.strip()
        m = re.match(r"(?i)^host\s+(.+)$", line)
        if m:
            host = m.group(1)
            continue
        if re.match(r"(?i)^forwardagent\s+yes", line) and host and "*" in host:
            add("medium", cfg, f"ForwardAgent yes for 'Host {host}'", "enable only for specific trusted hosts")
        if re.match(r"(?i)^stricthostkeychecking\s+no", line):
            add("medium", cfg, f"StrictHostKeyChecking no (Host {host or 'global'})", "remove, or use accept-new")


def check_authorized_keys(ssh_dir: Path) -> None:
    ak = ssh_dir / "authorized_keys"
    if not ak.is_file():
        return
    for i, line in enumerate(ak.read_text(errors="ignore").splitlines(), 1):
        parts = line.split()
        if len(parts) == 2:
            add("info", f"{ak}:{i}", f"{parts[0]} key without a comment - whose is it?", "add a comment or remove")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dir", type=Path, default=Path.home() / ".ssh")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    ssh_dir = args.dir.expanduser()
    if not ssh_dir.is_dir():
        print(f"{ssh_dir} does not exist - nothing to audit")
        return 0

    check_perms(ssh_dir)
    check_keys(ssh_dir)
    check_known_hosts(ssh_dir)
    check_config(ssh_dir)
    check_authorized_keys(ssh_dir)

    order = {"high": 0, "medium": 1, "low": 2, "info": 3}
    findings.sort(key=lambda f: order[f["severity"]])
    if args.json:
        json.dump(findings, sys.stdout, indent=2)
        print()
    else:
        if not findings:
            print("No issues found.")
        for f in findings:
            print(f"[{f['severity'].upper():6}] {f['path']}: {f['message']}")
            if f["fix"]:
                print(f"         fix: {f['fix']}")
    return 1 if any(f["severity"] == "high" for f in findings) else 0


if __name__ == "__main__":
    raise SystemExit(main())
