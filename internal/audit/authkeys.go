package audit

import "strings"

// sshPart is a .ssh folder named as a path part (".ssh", "/root/.ssh/"),
// not a field that merely starts with the letters (s.sshdConfig).
var sshPart = lazyRE(`(?:^|["'\x60/\\])\.ssh(?:$|["'\x60/\\])`)

// A key written to authorized_keys is a back door only where sshd reads
// it: a user's ~/.ssh (or /root/.ssh, /home/<user>/.ssh). Test suites of
// SSH libraries write an authorized_keys into a temporary folder they
// start their own sshd on; that grants nothing on the machine.

// authKeysUnderHome reports whether a string literal naming
// authorized_keys (body, its text) in code c (the whole file) resolves
// under a home folder: the literal names a .ssh folder, ~, /root or
// /home itself, or it is a bare path part ("authorized_keys", joined to
// a folder the literal does not name) in code that refers to the home
// folder (homeRef, Go's user.Current().HomeDir) or to a .ssh folder
// anywhere, where the join may be
// to either. A literal that names another folder ("testdata/...",
// "/tmp/...") or a bare part in code with no home and no .ssh is not.
func authKeysUnderHome(body, c string) bool {
	b := strings.TrimSpace(body)
	if sshPart.MatchString(b) || strings.HasPrefix(b, "~") || strings.HasPrefix(b, "/root/") || strings.HasPrefix(b, "/home/") ||
		strings.Contains(b, "$HOME") || strings.Contains(b, "${HOME}") || strings.Contains(b, "%USERPROFILE%") {
		return true
	}
	if strings.ContainsAny(b, `/\`) {
		return false
	}
	return homeRef.MatchString(c) || sshPart.MatchString(c) || strings.Contains(c, "HomeDir")
}

// authKeysFinding is the severity and reason for a write to the
// authorized_keys literal body in code c (see authKeysUnderHome).
func authKeysFinding(body, c string) (Severity, string) {
	if authKeysUnderHome(body, c) {
		return Critical, "writes to authorized_keys: a back door for remote login"
	}
	// medium, not dropped: the folder may be one the code hides
	return Medium, "writes an authorized_keys file in a folder the code does not tie to a home .ssh (a test server's own folder grants no login on this machine)"
}
