package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestKeyReadPubGlob: a Python script walking ~/.ssh with a glob of
// public keys (*.pub, id_*.pub) reads no private key, so its read is the
// inventory's medium, not high. A glob that can match a private key
// (id_*, *) or a private key read beside the loop stays high.
func TestKeyReadPubGlob(t *testing.T) {
	high, med := audit.High, audit.Medium
	py := func(body string) map[string]string { return map[string]string{"scripts/pubkeys.py": body} }
	const head = "import glob, os\nfrom pathlib import Path\nhome_ssh = Path(os.path.expanduser('~')) / '.ssh'\n"
	checkRule(t, "credential-read", map[string]systemCase{
		"benign/path-glob-pub":            {py(head + "for key in sorted(home_ssh.glob('*.pub')):\n    kind = key.read_text().split()[0]\n    print(key.name, kind)\n"), med},
		"benign/rglob-id-pub":             {py(head + "for key in home_ssh.rglob('id_*.pub'):\n    print(key.name, len(key.read_text()))\n"), med},
		"hostile/glob-private":            {py(head + "for key in sorted(home_ssh.glob('id_*')):\n    print(key.name, key.read_text())\n"), high},
		"hostile/glob-everything":         {py(head + "for key in home_ssh.rglob('*'):\n    print(key.read_text())\n"), high},
		"hostile/pub-loop-beside-private": {py(head + "for key in home_ssh.glob('*.pub'):\n    print(key.name)\nprint((home_ssh / 'id_ed25519').read_text())\n"), high},
	})
}
