"""List SSH public keys and their fingerprints. Reads *.pub and authorized_keys only; no network."""
import argparse
import pathlib
import subprocess
import sys
import tempfile

WEAK_TYPES = {"DSA"}
MIN_RSA_BITS = 3072


def fingerprint(line: str):
    """Return (bits, fingerprint, comment, type) for one public key line via ssh-keygen -l."""
    with tempfile.NamedTemporaryFile("w", suffix=".pub", delete=True) as tmp:
        tmp.write(line + "\n")
        tmp.flush()
        out = subprocess.run(["ssh-keygen", "-l", "-f", tmp.name], capture_output=True, text=True)
    if out.returncode != 0:
        return None
    bits, fp, rest = out.stdout.strip().split(" ", 2)
    comment, _, ktype = rest.rpartition(" ")
    return int(bits), fp, comment, ktype.strip("()")


def public_key_lines(ssh_dir: pathlib.Path):
    for pub in sorted(ssh_dir.glob("*.pub")):
        for line in pub.read_text().splitlines():
            if line.strip():
                yield pub.name, line.strip()
    ak = ssh_dir / "authorized_keys"
    if ak.exists():
        for line in ak.read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                yield "authorized_keys", line.strip()


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", default=str(pathlib.Path.home() / ".ssh"))
    args = ap.parse_args()
    ssh_dir = pathlib.Path(args.dir).expanduser()
    if not ssh_dir.is_dir():
        print(f"no such directory: {ssh_dir}", file=sys.stderr)
        return 1
    print(f"{'source':<22} {'type':<8} {'bits':>5}  {'fingerprint':<50} comment  note")
    for source, line in public_key_lines(ssh_dir):
        info = fingerprint(line)
        if not info:
            continue
        bits, fp, comment, ktype = info
        weak = ktype in WEAK_TYPES or (ktype == "RSA" and bits < MIN_RSA_BITS)
        print(f"{source:<22} {ktype:<8} {bits:>5}  {fp:<50} {comment}  {'WEAK' if weak else ''}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
