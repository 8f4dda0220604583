package audit

import "strings"

// A classifier, linter or scanner keeps what it looks for as regular
// expressions compiled in its code: regexp.MustCompile(`\b(curl|wget|
// Invoke-WebRequest)\b[^|]*\|\s*sh`), a rule matching `security\s+
// find-generic-password`. The pattern is matched against other text (a
// command line the program is handed); the program neither calls the
// network word it names nor opens the credential it names. Read by
// pattern, such a source looked like a send and a read in one file.
// A network word inside a regexp source is no send, and a credential
// named there is a needle: a value the code tests text against, which
// still counts with a send elsewhere in the file (a walk keeping the
// paths matching `id_rsa|\.aws/credentials` and posting them).

// regexSourceCall is a call in the languages read by pattern whose first
// (for .NET's static Regex methods, second) argument is a regular
// expression's source: Go's regexp.(Must)Compile(POSIX), Rust's
// Regex::new, RegexBuilder::new and RegexSet::new, Java's and Kotlin's
// Pattern.compile, .NET's new Regex and Regex.IsMatch/Match/Matches/
// Replace/Split, Kotlin's and Swift's Regex(, Ruby's Regexp.new and PHP's
// preg_* functions. It ends where the literal may start.
var regexSourceCall = lazyRE(`\bregexp\.(?:MustCompile|Compile)(?:POSIX)?\(\s*|\bRegex(?:Builder|Set)?::new\(\s*(?:&?\[\s*)?|\bPattern\.compile\(\s*|\bnew\s+Regex\(\s*|\bRegex\.(?:IsMatch|Match|Matches|Replace|Split)\([^,()\n]*,\s*|\bRegex\(\s*|\bRegexp\.(?:new|compile)\(\s*|\bpreg_(?:match|match_all|replace|replace_callback|split|grep)\(\s*`)

// regexSourceHints are substrings one of which a text holds when
// regexSourceCall may match: a cheap gate before the regexp.
var regexSourceHints = []string{"regexp.", "Regex", "Pattern.compile", "preg_"}

// regexSourceSpans returns the spans [start, end) of the string literals
// in text that are regular-expression sources (regexSourceCall's
// argument, quotes included): Go's raw `…` and "…", Rust's r"…" and
// r#"…"#, C#'s @"…", and '…'.
func regexSourceSpans(text string) [][2]int {
	hint := false
	for _, h := range regexSourceHints {
		if strings.Contains(text, h) {
			hint = true
			break
		}
	}
	if !hint {
		return nil
	}
	var spans [][2]int
	for _, m := range regexSourceCall.FindAllStringIndex(text, 512) {
		if e := regexLitEnd(text, m[1]); e > m[1] {
			spans = append(spans, [2]int{m[1], e})
		}
	}
	return spans
}

// regexLitEnd returns the end (past the closing quote) of the string
// literal opening at text[i], or i when none opens there.
func regexLitEnd(text string, i int) int {
	j := i
	raw := false
	hashes := 0
	switch {
	case j < len(text) && text[j] == '@':
		raw, j = true, j+1 // C#'s verbatim string
	case j < len(text) && text[j] == 'r' && j+1 < len(text) && (text[j+1] == '"' || text[j+1] == '#'):
		raw, j = true, j+1 // Rust's raw string
		for j < len(text) && text[j] == '#' {
			hashes++
			j++
		}
	}
	if j >= len(text) || !strings.ContainsRune("\"'`", rune(text[j])) {
		return i
	}
	q := text[j]
	if q == '`' || raw {
		close := string(q) + strings.Repeat("#", hashes)
		k := strings.Index(text[j+1:], close)
		if k < 0 {
			return i
		}
		return j + 1 + k + len(close)
	}
	k := stringEnd(text, j, true)
	if k >= len(text) || text[k] != q {
		return i
	}
	return k + 1
}

// regexSourcesBlanked returns text with the regular-expression sources
// (regexSourceSpans) blanked to spaces, newlines kept, so offsets and
// lines stay; and the spans.
func regexSourcesBlanked(text string) (string, [][2]int) {
	spans := regexSourceSpans(text)
	if spans == nil {
		return text, nil
	}
	b := []byte(text)
	for _, s := range spans {
		for i := s[0]; i < s[1]; i++ {
			if b[i] != '\n' {
				b[i] = ' '
			}
		}
	}
	return string(b), spans
}

// regexSourceCred returns the first credential path or credential
// manager read that text names (in the languages read by pattern,
// comments of lang blanked as scanOtherTaintIn blanks them), or nil:
// called when none is named outside the regular-expression sources, so
// the match is one inside a pattern.
func regexSourceCred(lang, text string) []int {
	if mayBeCred(text) {
		if m := credPath.FindStringIndex(text); m != nil {
			return m
		}
	}
	return credStoreRead.FindStringIndex(hashCommentsBlanked(lang, text))
}
