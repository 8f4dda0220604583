#!/usr/bin/env python3
"""Offline SSH key audit using public keys only. Never opens private key files."""
from __future__ import annotations

import argparse
import json
import subprocess
from pathlib import Path

SSH_DIR = Path.home() / ".ssh"


def keygen_info(pub: Path) -> dict | None:
    """Parse `ssh-keygen -l -f file.pub` -> bits, fingerprint, comment, type."""
    res = subprocess.run(["ssh-keygen", "-l", "-f", str(pub)], capture_output=True, text=True)
    if res.returncode != 0:
        return None
    infos = []
    for line in res.stdout.splitlines():
        bits, fp, *rest = line.split()
        ktype = rest[-1].strip("()") if rest else "?"
        comment = " ".join(rest[:-1])
        infos.append({"bits": int(bits), "fingerprint": fp, "comment": comment, "type": ktype})
    return {"keys": infos}


def findings_for(k: dict) -> list[str]:
    out = []
    if k["type"] == "DSA":
        out.append("high: DSA key, replace with ed25519")
    if k["type"] == "RSA" and k["bits"] < 3072:
        out.append(f"medium: RSA {k['bits']} bits, replace with ed25519 or RSA 4096")
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    report = []
    if not SSH_DIR.is_dir():
        print("no ~/.ssh directory")
        return 0
    for pub in sorted(SSH_DIR.glob("*.pub")):
        info = keygen_info(pub)
        if not info:
            continue
        private_exists = pub.with_suffix("").exists()   # existence only, not opened
        for k in info["keys"]:
            f = findings_for(k)
            if not private_exists:
                f.append("info: no matching private key on this machine")
            report.append({"file": pub.name, **k, "findings": f})
    ak = SSH_DIR / "authorized_keys"
    if ak.exists():
        info = keygen_info(ak)
        for k in (info or {}).get("keys", []):
            report.append({"file": "authorized_keys", **k, "findings": findings_for(k)})

    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for r in report:
            print(f"{r['file']:<24} {r['type']:<8} {r['bits']:>5}  {r['fingerprint']}")
            for f in r["findings"]:
                print(f"    - {f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
