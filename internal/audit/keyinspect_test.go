package audit_test

import (
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
	returns := head + "def load():\n    text = KEY.read_text()\n    return text.strip()\n\nload()\n"
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
