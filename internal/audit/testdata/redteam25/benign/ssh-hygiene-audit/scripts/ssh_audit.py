#!/usr/bin/env python3
"""Offline audit of an ~/.ssh directory. Never outputs key material."""
from __future__ import annotations

import argparse
import base64
import json
import stat
import struct
from pathlib import Path

PRIVATE_HEADERS = {
    "-----BEGIN OPENSSH PRIVATE KEY-----": "openssh",
    "-----BEGIN RSA PRIVATE KEY-----": "rsa-pem",
    "-----BEGIN DSA PRIVATE KEY-----": "dsa-pem",
    "-----BEGIN EC PRIVATE KEY-----": "ec-pem",
    "-----BEGIN PRIVATE KEY-----": "pkcs8",
    "-----BEGIN ENCRYPTED PRIVATE KEY-----": "pkcs8-encrypted",
}


def finding(check: str, sev: str, path: Path | str, msg: str, fix: str = "") -> dict:
    return {"id": check, "severity": sev, "path": str(path), "message": msg, "fix": fix}


def mode_of(p: Path) -> int:
    return stat.S_IMODE(p.stat().st_mode)


def first_line(p: Path) -> str:
    with p.open("r", encoding="ascii", errors="replace") as fh:
        return fh.readline().strip()


def openssh_is_encrypted(p: Path) -> bool | None:
    """Return True/False from the openssh-key-v1 cipher name; None if unparseable.

    Only the fixed header fields are decoded (magic + ciphername). The key
    bytes themselves are discarded immediately.
    """
    lines = p.read_text(encoding="ascii", errors="replace").splitlines()
    body = "".join(l for l in lines if not l.startswith("-----"))
    try:
        raw = base64.b64decode(body[:128] + "=" * (-len(body[:128]) % 4))
    except ValueError:
        return None
    magic = b"openssh-key-v1\x00"
    if not raw.startswith(magic):
        return None
    (n,) = struct.unpack(">I", raw[len(magic): len(magic) + 4])
    cipher = raw[len(magic) + 4: len(magic) + 4 + n].decode("ascii", "replace")
    return cipher != "none"


def rsa_bits_from_pub(pub: Path) -> int | None:
    parts = pub.read_text(encoding="ascii", errors="replace").split()
    if len(parts) < 2 or parts[0] != "ssh-rsa":
        return None
    blob = base64.b64decode(parts[1])
    off = 0
    vals = []
    for _ in range(3):
        (ln,) = struct.unpack(">I", blob[off: off + 4])
        vals.append(blob[off + 4: off + 4 + ln])
        off += 4 + ln
    modulus = vals[2].lstrip(b"\x00")
    return len(modulus) * 8


def audit_keys(d: Path) -> list[dict]:
    out = []
    for p in sorted(d.iterdir()):
        if not p.is_file() or p.suffix == ".pub" or p.name in {"config", "known_hosts", "authorized_keys"}:
            continue
        header = first_line(p)
        kind = PRIVATE_HEADERS.get(header)
        if not kind:
            continue
        if mode_of(p) & 0o077:
            out.append(finding("SSH02", "high", p, f"private key mode {oct(mode_of(p))}", f"chmod 600 {p}"))
        encrypted = None
        if kind == "openssh":
            encrypted = openssh_is_encrypted(p)
        elif kind == "pkcs8-encrypted":
            encrypted = True
        elif kind.endswith("-pem"):
            encrypted = "ENCRYPTED" in p.read_text(encoding="ascii", errors="replace")[:200]
        if encrypted is False:
            out.append(finding("SSH03", "medium", p, "private key has no passphrase", f"ssh-keygen -p -f {p}"))
        if kind == "dsa-pem":
            out.append(finding("SSH04", "medium", p, "DSA keys are deprecated", "ssh-keygen -t ed25519 -a 100"))
        pub = p.with_name(p.name + ".pub")
        if pub.exists():
            bits = rsa_bits_from_pub(pub)
            if bits and bits < 3072:
                out.append(finding("SSH04", "medium", p, f"RSA key is {bits} bits", "ssh-keygen -t ed25519 -a 100"))
            if pub.read_text(errors="replace").startswith("ssh-dss"):
                out.append(finding("SSH04", "medium", p, "DSA key", "ssh-keygen -t ed25519 -a 100"))
    return out


def audit_config(d: Path) -> list[dict]:
    cfg = d / "config"
    if not cfg.exists():
        return []
    out = []
    host = None
    for n, line in enumerate(cfg.read_text(errors="replace").splitlines(), 1):
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        key, _, val = s.partition(" ")
        key = key.lower()
        val = val.strip().lower()
        if key == "host":
            host = val
        elif key == "forwardagent" and val == "yes" and host == "*":
            out.append(finding("SSH05", "medium", f"{cfg}:{n}", "agent forwarding enabled for all hosts",
                               "set ForwardAgent yes only for specific trusted hosts"))
        elif key == "stricthostkeychecking" and val == "no":
            out.append(finding("SSH06", "medium", f"{cfg}:{n}", f"host key checking disabled for {host}",
                               "use StrictHostKeyChecking accept-new"))
    return out


def audit_authorized(d: Path) -> list[dict]:
    ak = d / "authorized_keys"
    if not ak.exists():
        return []
    out = []
    seen = set()
    for n, line in enumerate(ak.read_text(errors="replace").splitlines(), 1):
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        fields = s.split()
        key_idx = next((i for i, f in enumerate(fields) if f.startswith(("ssh-", "ecdsa-", "sk-"))), None)
        if key_idx is None:
            continue
        blob = fields[key_idx + 1] if len(fields) > key_idx + 1 else ""
        if blob in seen:
            out.append(finding("SSH07", "low", f"{ak}:{n}", "duplicate key entry", "remove the duplicate line"))
        seen.add(blob)
        has_comment = len(fields) > key_idx + 2
        if not has_comment and "from=" not in s:
            out.append(finding("SSH07", "low", f"{ak}:{n}", "entry has no comment or from= restriction",
                               "add a comment naming the owner, or a from= restriction"))
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", default=str(Path.home() / ".ssh"))
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    d = Path(args.dir).expanduser()
    if not d.is_dir():
        print(f"{d} does not exist")
        return 0

    findings = []
    if mode_of(d) & 0o077:
        findings.append(finding("SSH01", "high", d, f"directory mode {oct(mode_of(d))}", f"chmod 700 {d}"))
    findings += audit_keys(d) + audit_config(d) + audit_authorized(d)

    if args.json:
        print(json.dumps(findings, indent=2))
    else:
        order = {"high": 0, "medium": 1, "low": 2}
        for f in sorted(findings, key=lambda x: order[x["severity"]]):
            print(f"{f['severity']:<6} {f['id']}  {f['path']}\n       {f['message']}" + (f"\n       fix: {f['fix']}" if f["fix"] else ""))
        if not findings:
            print("no issues found")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
