package audit

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// Rule committed-secret (see Rules in rules.go) uses gitleaks' default
// ruleset (gitleaks/gitleaks.toml: some 200 provider rules with
// keywords, entropy thresholds and allowlists for placeholders), kept up
// to date by its maintainers, instead of hand-written patterns; it is
// run by secretrules.go.

// secretRules returns the ruleset, parsed and compiled once, less
// generic-api-key: that rule matches any assignment of a random-looking
// string to a key-like name, its keywords ("key", "token", "auth"...)
// occur in nearly every skill document, so it ran its costly pattern
// over the whole corpus and on the corpus it found only placeholders
// and examples, none a real credential.
var secretRules = sync.OnceValues(func() (*secretRuleset, error) {
	rs, err := parseSecretRuleset(gitleaksTOML)
	if err != nil {
		return nil, err
	}
	kept := rs.rules[:0]
	kw := map[string]bool{}
	for _, r := range rs.rules {
		if r.id == "generic-api-key" {
			continue
		}
		kept = append(kept, r)
		for _, k := range r.keywords {
			kw[k] = true
		}
	}
	rs.rules = kept
	rs.keywords = rs.keywords[:0]
	for k := range kw {
		rs.keywords = append(rs.keywords, k)
	}
	sort.Strings(rs.keywords)
	return rs, nil
})

// placeholder matches the stand-ins documentation uses for a secret:
// YOUR_TOKEN, <api-key>, ${TOKEN}, xxxx, "access_token", "...".
var placeholder = lazyRE(`(?i)your|xxx|example|placeholder|changeme|dummy|sample|redacted|insert|_here|replace|\.\.\.|[<>{}$*]|^[a-z_.\-]+$|^[A-Z_]+$|1234|abcd|a1b2|0000`)

// lowSignal are gitleaks rules that match any assignment of a random
// looking string to a key-like name: often a placeholder or a test value
// in documentation, so they rank medium, not high.
var lowSignal = map[string]bool{"generic-api-key": true}

// scanSecrets reports credentials committed in a file. The evidence keeps
// the first four characters of the secret only.
func scanSecrets(sc *skillCtx, rel, content string) {
	d, err := secretRules()
	if err != nil {
		sc.add(rel, 0, "committed-secret", Low, "the secret scanner could not start: "+err.Error(), "")
		return
	}
	content = secretLines(content)
	if strings.TrimSpace(content) == "" {
		return
	}
	// gitleaks runs a rule only on text holding one of its keywords
	// (lower-cased with strings.ToLower); a chunk with no keyword at all
	// yields nothing, so the keywords are found once per file and chunks
	// without one are not handed to gitleaks. strings.ToLower turns two
	// non-ASCII runes into ASCII letters (U+0130 into i, U+212A into k);
	// a file holding one is checked chunk by chunk by gitleaks itself.
	var hits *wordHits
	if kw := secretWords(); kw != nil && !strings.Contains(content, "\u0130") && !strings.Contains(content, "\u212A") {
		hits = kw.find(content)
	}
	for _, ch := range chunks(content, 512) {
		if strings.TrimSpace(ch.text) == "" || hits != nil && !hits.any(ch.off, ch.off+len(ch.text)) {
			continue
		}
		secretsIn(sc, d, rel, ch.text, ch.line)
	}
}

var (
	secretWordsOnce sync.Once
	secretWordList  *wordList
)

// secretWords returns the keywords of the detector's rules (lower-case),
// or nil when a rule that reads content has none (it runs on every text,
// so no chunk may be skipped). In gitleaks' default ruleset only
// pkcs12-file has none, and it matches file paths only (DetectString is
// given no path).
func secretWords() *wordList {
	secretWordsOnce.Do(func() {
		d, err := secretRules()
		if err != nil {
			return
		}
		for _, r := range d.rules {
			if r.re != nil && !r.pathOnly && !r.pathRestricted && len(r.keywords) == 0 {
				return
			}
		}
		secretWordList = newFoldedWordList(d.keywords)
	})
	return secretWordList
}

// secretLines blanks every line (keeping the newline, so line numbers
// hold) that cannot hold a secret: one without a token of 16 or more
// key characters holding a digit or both cases, and without a PEM
// armour line. Prose is most of a skill and has no such tokens, so
// gitleaks reads a small part of each file.
func secretLines(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	keep := false
	for len(s) > 0 {
		line, rest, found := strings.Cut(s, "\n")
		if strings.Contains(line, "-----BEGIN") || strings.Contains(line, "-----END") || longToken(line) {
			b.WriteString(line)
			keep = true
		}
		if found {
			b.WriteByte('\n')
		}
		s = rest
	}
	if !keep {
		return ""
	}
	return b.String()
}

// longToken reports a run of 16 or more characters of [A-Za-z0-9_+/=.-]
// with a digit, or with upper and lower case letters.
func longToken(line string) bool {
	n, digit, upper, lower := 0, false, false, false
	for i := 0; i <= len(line); i++ {
		c := uint8(tokenOther)
		if i < len(line) {
			c = tokenClass[line[i]]
		}
		switch c {
		case tokenDigit:
			n, digit = n+1, true
		case tokenUpper:
			n, upper = n+1, true
		case tokenLower:
			n, lower = n+1, true
		case tokenPunct:
			n++
		default:
			if n >= 16 && (digit || upper && lower) {
				return true
			}
			n, digit, upper, lower = 0, false, false, false
		}
	}
	return false
}

// Byte classes of longToken.
const (
	tokenOther = iota
	tokenDigit
	tokenUpper
	tokenLower
	tokenPunct // _ + / = - .
)

var tokenClass = func() (t [256]uint8) {
	for c := '0'; c <= '9'; c++ {
		t[c] = tokenDigit
	}
	for c := 'A'; c <= 'Z'; c++ {
		t[c] = tokenUpper
		t[c+'a'-'A'] = tokenLower
	}
	for _, c := range "_+/=-." {
		t[c] = tokenPunct
	}
	return t
}()

// chunk is a run of paragraphs and the file line it starts on.
type chunk struct {
	text string
	line int
	off  int // byte offset of text in the file
}

// chunks splits s at blank lines into runs of about size bytes (a longer
// paragraph stays whole). gitleaks runs a rule's pattern over the whole
// text it is given as soon as the rule's keyword occurs anywhere in it;
// given paragraphs, the patterns run only where their keywords are
// (about four times less work on the corpus). A secret never spans a
// blank line (a PEM key has none), so no finding is lost.
func chunks(s string, size int) []chunk {
	var out []chunk
	start, line := 0, 1
	for start < len(s) {
		end := len(s)
		if len(s)-start > size {
			end = start + size
			if i := strings.Index(s[end:], "\n\n"); i >= 0 {
				end += i + 2
			} else {
				end = len(s)
			}
		}
		out = append(out, chunk{s[start:end], line, start})
		line += strings.Count(s[start:end], "\n")
		start = end
	}
	return out
}

// secretsIn runs the detector over one chunk starting at file line line0.
func secretsIn(sc *skillCtx, d *secretRuleset, rel, content string, line0 int) {
	for _, f := range d.detect(content) {
		if f.RuleID == "private-key" {
			privateKeysIn(sc, rel, content, line0, f)
			continue
		}
		if placeholder.MatchString(f.Secret) {
			continue
		}
		sev := High
		if lowSignal[f.RuleID] {
			sev = Medium
		}
		if strings.HasPrefix(f.RuleID, "private-key") || strings.Contains(f.RuleID, "aws") {
			sev = Critical
		}
		secret := f.Secret
		if len(secret) > 4 {
			secret = secret[:4] + strings.Repeat("*", min(len(secret)-4, 12))
		}
		ev := strings.Replace(f.Match, f.Secret, secret, 1)
		sc.add(rel, line0+f.StartLine, "committed-secret", sev, fmt.Sprintf("a committed credential (gitleaks rule %s): anyone with the skill has it", f.RuleID), ev)
	}
}

// privateKeysIn reports the private keys of a private-key match of
// gitleaks: each BEGIN line in it followed by a key body (secretkey.go),
// at that line; armour lines a program holds as format constants, with
// no body, are not keys.
func privateKeysIn(sc *skillCtx, rel, content string, line0 int, f secretFind) {
	for _, a := range privateKeyArmours(content, f.Offset, f.Offset+len(f.Match)) {
		end := len(content)
		if next := pemAnyArmour.FindStringIndex(content[a+5:]); next != nil {
			end = a + 5 + next[1]
		}
		key := content[a:end]
		if placeholder.MatchString(key) {
			continue
		}
		ev := key[:4] + strings.Repeat("*", min(len(key)-4, 12))
		sc.add(rel, line0+strings.Count(content[:a], "\n"), "committed-secret", Critical, "a committed credential (gitleaks rule private-key): anyone with the skill has it", ev)
	}
}
