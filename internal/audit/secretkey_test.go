package audit_test

import (
	"encoding/base64"
	"encoding/binary"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// sshString is an OpenSSH length-prefixed string.
func sshString(b []byte) []byte {
	return append(binary.BigEndian.AppendUint32(nil, uint32(len(b))), b...)
}

// wrapLines cuts s into lines of n characters.
func wrapLines(s string, n int) []string {
	var out []string
	for i := 0; i < len(s); i += n {
		out = append(out, s[i:min(i+n, len(s))])
	}
	return out
}

// TestCommittedKeyBody: committed-secret reports a private key by its
// body, not by its armour lines. A key auditor's table of BEGIN lines, a
// parser's tests for the armour, and the constant an unencrypted OpenSSH
// key starts with (magic, cipher "none", public key: no private part)
// hold no key and are not reported; a key body after the armour, in a
// heredoc, a JSON string with \n escapes, string concatenation, a
// 64-character Ed25519 PKCS#8 key, or a real key placed after such a
// table, is critical. Key bytes are random (seeded), no real key.
func TestCommittedKeyBody(t *testing.T) {
	rng := rand.New(rand.NewChaCha8([32]byte{'k', 'e', 'y', 'b', 'o', 'd', 'y'}))
	random := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.IntN(256))
		}
		return b
	}
	rsaBody := wrapLines(base64.StdEncoding.EncodeToString(append([]byte{0x30, 0x82, 0x04, 0xa4}, random(1188)...)), 64)
	pkcs8Ed := base64.StdEncoding.EncodeToString(append([]byte{0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20}, random(32)...))
	pub := append(sshString([]byte("ssh-ed25519")), sshString(random(32))...)
	header := []byte("openssh-key-v1\x00")
	header = append(header, sshString([]byte("none"))...)
	header = append(header, sshString([]byte("none"))...)
	header = append(header, sshString(nil)...)
	header = binary.BigEndian.AppendUint32(header, 1)
	header = append(header, sshString(pub)...)
	opensshPrefix := base64.StdEncoding.EncodeToString(header)
	opensshKey := wrapLines(base64.StdEncoding.EncodeToString(append(header, sshString(random(136))...)), 70)

	const table = `#!/usr/bin/env python3
"""Report which of the user's SSH keys have no passphrase (read-only, offline)."""
import sys
from pathlib import Path

FORMATS = {
    "-----BEGIN RSA PRIVATE KEY-----": "rsa",
    "-----BEGIN DSA PRIVATE KEY-----": "dsa",
    "-----BEGIN EC PRIVATE KEY-----": "ecdsa",
    "-----BEGIN OPENSSH PRIVATE KEY-----": "openssh",
    "-----BEGIN ENCRYPTED PRIVATE KEY-----": "pkcs8-encrypted",
    "-----BEGIN PRIVATE KEY-----": "pkcs8",
}


def key_format(path):
    with open(path, errors="ignore") as fh:
        return FORMATS.get(fh.readline().strip())


for p in sys.argv[1:]:
    print(p, key_format(p) or "not a private key")
`
	parser := `// Splits a PEM bundle into its blocks; private keys are skipped.
export function blocks(text) {
  const out = [];
  let cur = null;
  for (const line of text.split(/\r?\n/)) {
    if (line === "-----BEGIN OPENSSH PRIVATE KEY-----" || line === "-----BEGIN RSA PRIVATE KEY-----") {
      cur = { kind: "private", lines: [] };
    } else if (line === "-----END OPENSSH PRIVATE KEY-----" || line === "-----END RSA PRIVATE KEY-----") {
      if (cur && cur.kind !== "private") out.push(cur);
      cur = null;
    } else if (cur) {
      cur.lines.push(line);
    }
  }
  return out;
}
`
	prefix := `package keys

import "strings"

// unencrypted is how every unencrypted ed25519 key of this agent starts:
// magic, cipher "none", KDF "none", one key, its public part.
const unencrypted = "-----BEGIN OPENSSH PRIVATE KEY-----\n" + "` + opensshPrefix[:len(opensshPrefix)/4*4] + `"

const end = "-----END OPENSSH PRIVATE KEY-----"

// NoPassphrase reports whether pem is an unencrypted key of the agent.
func NoPassphrase(pem string) bool {
	return strings.HasPrefix(pem, unencrypted) && strings.Contains(pem, end)
}
`
	pemKey := "-----BEGIN RSA PRIVATE KEY-----\n" + strings.Join(rsaBody, "\n") + "\n-----END RSA PRIVATE KEY-----\n"
	heredoc := "#!/bin/sh\nmkdir -p ~/.ssh\ncat > ~/.ssh/deploy_key <<'EOF'\n" + pemKey + "EOF\nchmod 600 ~/.ssh/deploy_key\n"
	jsonKey := `{"name": "deploy", "private_key": "` + strings.ReplaceAll(pemKey, "\n", `\n`) + `"}` + "\n"
	goConcat := "package deploy\n\nconst key = \"-----BEGIN OPENSSH PRIVATE KEY-----\\n\" +\n\t\"" + strings.Join(opensshKey, "\\n\" +\n\t\"") + "\\n\" +\n\t\"-----END OPENSSH PRIVATE KEY-----\\n\"\n"
	ed := "signing:\n  key: |\n    -----BEGIN PRIVATE KEY-----\n    " + pkcs8Ed + "\n    -----END PRIVATE KEY-----\n"
	hidden := strings.Replace(table, "\n\ndef key_format", "\nFALLBACK = \"\"\""+pemKey+"\"\"\"\n\n\ndef key_format", 1)
	none := audit.SeverityNone
	checkRule(t, "committed-secret", map[string]systemCase{
		"benign/format-table":          {map[string]string{"scripts/keys.py": table}, none},
		"benign/armour-tests":          {map[string]string{"scripts/pem.mjs": parser}, none},
		"benign/openssh-header-prefix": {map[string]string{"internal/keys/keys.go": prefix}, none},
		"hostile/pem-key":              {map[string]string{"assets/id_rsa": pemKey}, audit.Critical},
		"hostile/key-in-heredoc":       {map[string]string{"scripts/setup.sh": heredoc}, audit.Critical},
		"hostile/key-in-json":          {map[string]string{"config/deploy.json": jsonKey}, audit.Critical},
		"hostile/openssh-concatenated": {map[string]string{"deploy/key.go": goConcat}, audit.Critical},
		"hostile/ed25519-pkcs8":        {map[string]string{"config/signing.yaml": ed}, audit.Critical},
		"hostile/key-after-table":      {map[string]string{"scripts/keys.py": hidden}, audit.Critical},
	})
	rep := auditSkill(t, map[string]string{"scripts/keys.py": hidden})
	line := strings.Count(hidden[:strings.Index(hidden, "FALLBACK")], "\n") + 1
	wantFindingAt(t, rep, "s", "committed-secret", "scripts/keys.py", line, audit.Critical)
}
