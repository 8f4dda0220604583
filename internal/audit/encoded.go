package audit

import (
	"encoding/base64"
	"encoding/hex"
	"strings"
	"unicode"
)

// Encoded string literals in a script: a credential file name, a home
// folder or a command packed in hex or base64 says what the code is
// hiding. Each literal that decodes to printable text is read as text;
// binary (a hash, an image, a key) is left alone. Strings a language
// builds from character codes or packed bytes (Perl's chr, pack and
// sprintf("%c"): perldecode.go) are read the same way.

var (
	hexLit = lazyRE(`^(?:[0-9a-fA-F]{2}){4,}$`)
	b64Lit = lazyRE(`^[A-Za-z0-9+/]{16,}={0,2}$`)
	// encodedCred names credential files and key folders in decoded text.
	encodedCred = lazyRE(`(?:^|[/|,;\s~])(?:\.ssh|\.gnupg|\.aws/credentials|\.aws|\.npmrc|\.pypirc|\.netrc|\.git-credentials|\.kube/config|\.docker/config\.json|gh/hosts\.yml|\.config/gcloud|id_(?:rsa|ed25519|ecdsa)|Login Data|key4\.db)(?:$|[/|,;\s])`)
	// encodedCmd is a command worth hiding.
	encodedCmd = lazyRE(`\b(?:curl|wget)\b[^|]*\|\s*(?:ba)?sh\b|\brm\s+-[a-z]*r[a-z]*f|/dev/tcp/|\bnc\s+-e\b|\bbash\s+-i\b`)
	// deleteCall removes files or folders in Python, JavaScript, Go or
	// Perl (File::Path).
	deleteCall = lazyRE(`shutil\.rmtree\(|\.unlink\(|os\.remove\(|os\.rmdir\(|fs\.(?:rm|rmdir|unlink)(?:Sync)?\(|os\.RemoveAll\(|\brm\s+-rf?\b|\['rm',|\["rm",|\b(?:remove_tree|rmtree)\b`)
)

// decodeLiteral returns the printable text a hex or base64 string literal
// body decodes to, or "".
func decodeLiteral(body string) string {
	var b []byte
	var err error
	switch {
	case hexLit.MatchString(body):
		b, err = hex.DecodeString(body)
	case b64Lit.MatchString(body) && len(body)%4 == 0:
		b, err = base64.StdEncoding.DecodeString(body)
	default:
		return ""
	}
	if err != nil || len(b) == 0 {
		return ""
	}
	s := strings.TrimRight(string(b), "\x00")
	for _, r := range s {
		if r == unicode.ReplacementChar || !unicode.IsPrint(r) && r != '\n' && r != '\t' {
			return ""
		}
	}
	return s
}

// scanEncoded reports the encoded string literals of a script (code,
// comments blanked) that hide credential names, home key folders about to
// be deleted, or commands, and likewise the strings decoded holds (the
// strings the language built from codes, at their offsets in code); net
// is the language's network-call pattern.
func scanEncoded(sc *skillCtx, rel, code string, net *lazyRegexp, decoded []decodedLit) {
	var creds, dirs []string
	first := -1
	var li lineIndex // made on the first finding
	lineAt := func(off int) (int, string) {
		if li == nil {
			li = newLineIndex(code)
		}
		ln := li.line(off)
		return ln, strings.TrimSpace(lineText(code, li, ln))
	}
	lits := append([]decodedLit(nil), decoded...)
	for _, m := range strLit.FindAllStringIndex(code, 200) {
		if text := decodeLiteral(strings.Trim(code[m[0]:m[1]], "\"'`")); text != "" {
			lits = append(lits, decodedLit{m[0], text})
		}
	}
	for _, l := range lits {
		text := l.text
		switch {
		case encodedCmd.MatchString(text):
			ln, ev := lineAt(l.off)
			sc.add(rel, ln, "obfuscation", High, "an encoded string hides a command: "+Escape(text, 60), ev)
		case strings.HasPrefix(text, "~") && (wipeTarget(text) != "" || text == "~/Documents" || text == "~/Desktop"):
			dirs = append(dirs, text)
		case encodedCred.MatchString(text):
			creds = append(creds, text)
		default:
			continue
		}
		if first < 0 || l.off < first {
			first = l.off
		}
	}
	if first < 0 {
		return
	}
	ln, ev := lineAt(first)
	switch {
	case len(creds) > 0 && net.MatchString(code):
		sc.add(rel, ln, "credential-exfil", Critical, "names credential files in an encoded string ("+Escape(strings.Join(creds, ", "), 80)+") and makes network calls in the same file", ev)
	case len(creds) > 0:
		sc.add(rel, ln, "obfuscation", High, "names credential files in an encoded string: "+Escape(strings.Join(creds, ", "), 80), ev)
	}
	if len(dirs) > 0 && deleteCall.MatchString(code) {
		sc.add(rel, ln, "destructive-command", Critical, "deletes folders named in encoded strings ("+Escape(strings.Join(dirs, ", "), 80)+")", ev)
	}
}
