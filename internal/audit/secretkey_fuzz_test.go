package audit

import "testing"

// FuzzPrivateKeyArmours: no text stops the key-body check of the
// private-key rule (armour lines without an END, bodies cut inside an
// OpenSSH length, huge lengths, escapes), and every offset it returns
// is a BEGIN line of the span it was given.
func FuzzPrivateKeyArmours(f *testing.F) {
	for _, s := range []string{
		"-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAx4Qk1Zb9Vt2mYq8fJrN3sLw0pHcE6uTgKjD5aR7oXyBiWnMeQv\n-----END RSA PRIVATE KEY-----\n",
		`"-----BEGIN OPENSSH PRIVATE KEY-----": "openssh", "-----BEGIN PRIVATE KEY-----": "pkcs8"`,
		"-----BEGIN OPENSSH PRIVATE KEY-----\\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\\n-----END",
		"-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEA/////wAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\n-----END",
		"-----BEGIN PRIVATE KEY-----", "",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, a := range privateKeyArmours(s, 0, len(s)) {
			if a < 0 || a >= len(s) || pemPrivateArmour.FindStringIndex(s[a:]) == nil || pemPrivateArmour.FindStringIndex(s[a:])[0] != 0 {
				t.Fatalf("offset %d is no BEGIN line of %q", a, s)
			}
		}
		opensshHeaderOnly(s)
	})
}
