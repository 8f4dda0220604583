package audit

import (
	"encoding/base64"
	"encoding/binary"
	"strings"
)

// gitleaks' private-key rule matches a PEM or OpenSSH armour line, at
// least 64 characters of anything, then the next "KEY-----". A program
// that recognises key formats holds the armour lines as constants (a
// table of "-----BEGIN RSA PRIVATE KEY-----" lines, a startswith test)
// with nothing but code between them, and the rule takes the run from
// one constant to the next for a key. What makes a committed key is its
// body: base64 of at least a small key's length (an Ed25519 PKCS#8 key,
// the smallest, is 64 characters) between its BEGIN line and the next
// armour line. So each BEGIN … PRIVATE KEY line in a match is judged by
// what follows it up to the next armour line: a body is there when the
// runs of base64 characters of 16 or more, holding upper and lower case
// letters (a line of a key; not a word, a hex digest or a format name),
// add up to 48 or more, whatever quotes, escapes (\n) or concatenation
// separate its lines. An OpenSSH body that decodes to the header only
// (magic "openssh-key-v1", cipher, KDF, public key: the constant a tool
// compares an unencrypted key's start with) holds no private part and is
// no key either. Every armour inside the rule's match is judged, so a
// constant placed before a real key does not hide it.

var (
	// pemPrivateArmour is the BEGIN line of a private key, as gitleaks'
	// private-key rule opens.
	pemPrivateArmour = lazyRE(`(?i)-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----`)
	// pemAnyArmour is the start of any armour line.
	pemAnyArmour = lazyRE(`(?i)-----(?:BEGIN|END)\b`)
	// textEscapedNewline is a newline written as an escape in a string
	// literal (\n, \r, or doubled in JSON inside a string).
	textEscapedNewline = lazyRE(`\\+[nr]`)
)

// minKeyBody is the number of base64 characters, in runs that look like
// key lines, that make a key body: 48 keeps a 64-character key found
// when its lines are wrapped at any width of 16 or more.
const minKeyBody = 48

// privateKeyArmours returns the offsets in s of the private-key BEGIN
// lines starting in s[start:end] that are followed by a key body before
// the next armour line.
func privateKeyArmours(s string, start, end int) []int {
	var out []int
	for _, m := range pemPrivateArmour.FindAllStringIndex(s[start:end], -1) {
		a, b := start+m[0], start+m[1]
		body := s[b:]
		next := pemAnyArmour.FindStringIndex(body)
		if next == nil {
			continue // no END line: gitleaks' rule needs one too
		}
		if hasKeyBody(body[:next[0]]) {
			out = append(out, a)
		}
	}
	return out
}

// hasKeyBody reports whether the text between an armour line and the
// next holds a private key's body.
func hasKeyBody(gap string) bool {
	gap = textEscapedNewline.ReplaceAllString(gap, " ")
	n := 0
	var all strings.Builder
	for _, run := range base64Runs(gap) {
		// a line of a key; a word, a "+" joining strings or a short
		// last line is left out of what is decoded
		if len(run) >= 16 && strings.ContainsAny(run, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") && strings.ContainsAny(run, "abcdefghijklmnopqrstuvwxyz") {
			n += len(run)
			all.WriteString(run)
		}
	}
	if n < minKeyBody {
		return false
	}
	return !opensshHeaderOnly(all.String())
}

// base64Runs returns the runs of base64 characters (A-Z a-z 0-9 + / =)
// in s.
func base64Runs(s string) []string {
	var out []string
	i := 0
	for i < len(s) {
		for i < len(s) && !isBase64Char(s[i]) {
			i++
		}
		j := i
		for j < len(s) && isBase64Char(s[j]) {
			j++
		}
		if j > i {
			out = append(out, s[i:j])
		}
		i = j
	}
	return out
}

func isBase64Char(c byte) bool {
	return 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '+' || c == '/' || c == '='
}

// opensshHeaderOnly reports whether b64, an OpenSSH private key's body,
// decodes to no more than its unencrypted header: the magic, cipher, KDF
// and KDF options, the key count and the public keys, with no byte of
// the private section after them. A body that does not parse as one is
// not header-only (it may be a key laid out in a way not read here).
func opensshHeaderOnly(b64 string) bool {
	const magic = "openssh-key-v1\x00"
	if !strings.HasPrefix(b64, "b3BlbnNzaC1rZXktdjE") {
		return false
	}
	b64 = strings.TrimRight(b64, "=")
	b64 = b64[:len(b64)/4*4]
	raw, err := base64.RawStdEncoding.DecodeString(b64)
	if err != nil || !strings.HasPrefix(string(raw), magic) {
		return false
	}
	rest := raw[len(magic):]
	// str consumes one length-prefixed string; it is false when the
	// data ends before the string's end.
	str := func() bool {
		if len(rest) < 4 {
			return false
		}
		n := binary.BigEndian.Uint32(rest)
		if uint64(n) > uint64(len(rest)-4) {
			return false
		}
		rest = rest[4+n:]
		return true
	}
	for range 3 { // cipher, KDF, KDF options
		if !str() {
			return true // the data ends inside the header
		}
	}
	if len(rest) < 4 {
		return true
	}
	keys := binary.BigEndian.Uint32(rest)
	rest = rest[4:]
	if keys == 0 || keys > 16 {
		return false
	}
	for range keys {
		if !str() {
			return true // cut inside a public key
		}
	}
	// the private section: its length, then its bytes
	return len(rest) <= 4
}
