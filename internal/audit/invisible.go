package audit

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Escape returns s with every rune a person cannot see written as
// \u{XXXX}: controls (tab and newline included, as \t and \n), format
// characters (zero-width, bidi, tags, soft hyphen), unassigned and private
// use code points, and invisible fillers; other letters, CJK and emoji
// stay as they are. The result is cut to at most max runes of input (0
// means no limit), with "…" marking the cut.
func Escape(s string, max int) string {
	var b strings.Builder
	n := 0
	for i, r := range s {
		if max > 0 && n >= max {
			b.WriteString("…")
			break
		}
		n++
		switch {
		case r == utf8.RuneError && isBadByte(s[i:]):
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\\':
			b.WriteString(`\\`)
		case visible(r):
			b.WriteRune(r)
		default:
			fmt.Fprintf(&b, `\u{%04X}`, r)
		}
	}
	return b.String()
}

// Printable returns s with every control, format and invisible
// character written as \u{XXXX} and every byte that is not UTF-8 as
// \xNN, other text (backslashes included) unchanged: safe to print to a
// terminal, which would otherwise act on escape sequences (ESC, OSC)
// carried in a folder or file name.
func Printable(s string) string {
	clean := true
	for _, r := range s {
		if !visible(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i, r := range s {
		switch {
		case r == utf8.RuneError && isBadByte(s[i:]):
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case visible(r):
			b.WriteRune(r)
		default:
			fmt.Fprintf(&b, `\u{%04X}`, r)
		}
	}
	return b.String()
}

func isBadByte(s string) bool {
	r, size := utf8.DecodeRuneInString(s)
	return r == utf8.RuneError && size == 1
}

// visible reports whether r shows as a glyph (or a plain space).
func visible(r rune) bool {
	if r == ' ' {
		return true
	}
	if isFiller(r) {
		return false
	}
	return unicode.IsGraphic(r) && !unicode.Is(unicode.Cf, r) && !unicode.Is(unicode.Co, r) && !unicode.IsSpace(r) || r == '\u3000'
}

// isFiller reports runes that render as nothing though Unicode calls them
// letters or symbols: the Hangul fillers and the braille blank.
func isFiller(r rune) bool {
	switch r {
	case '\u115F', '\u1160', '\u3164', '\uFFA0', '\u2800':
		return true
	}
	return false
}

// Rule invisible-unicode (see Rules in rules.go): text people cannot see but models
// read. Reported:
//   - Unicode tag characters (U+E0000-E007F) outside an emoji flag
//     sequence: they spell ASCII invisibly ("ASCII smuggling"); critical,
//     with the decoded text as evidence.
//   - bidi overrides and embeddings (U+202A-202E) and isolates
//     (U+2066-2069): they reorder what people see ("Trojan Source");
//     high, medium for isolates in a line with right-to-left letters.
//   - zero-width and invisible characters (U+200B-200D, U+2060-2064,
//     U+FEFF past the start, U+180E, U+034F, fillers) inside a word or in
//     runs: runs of 4 or more encode hidden text (critical), a single one
//     inside a Latin word splits a keyword past filters (high). Joiners
//     inside emoji sequences and ZWNJ/ZWJ in scripts that need them
//     (Arabic, Persian, Indic, Mongolian) are normal text and are not
//     reported; nor is a zero-width space beside CJK, where it marks a
//     line-break opportunity.
func scanInvisible(sc *skillCtx, rel, s string, li lineIndex) {
	if isASCII(s) || !hasInvisible(s) {
		return
	}
	rs := []rune(s)
	// offsets of each rune, for line numbers
	offs := make([]int, 0, len(rs))
	for i := range s {
		offs = append(offs, i)
	}
	reported := map[int]bool{} // lines with a zero-width finding
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case r >= 0xE0000 && r <= 0xE007F:
			j := i
			for j < len(rs) && rs[j] >= 0xE0000 && rs[j] <= 0xE007F {
				j++
			}
			if i > 0 && isFlagBase(rs, i) && rs[j-1] == 0xE007F {
				i = j - 1
				continue
			}
			var dec strings.Builder
			for _, t := range rs[i:j] {
				if t >= 0xE0020 && t <= 0xE007E {
					dec.WriteRune(t - 0xE0000)
				}
			}
			ln := li.line(offs[i])
			sc.add(rel, ln, "invisible-unicode", Critical,
				fmt.Sprintf("%d Unicode tag characters spell text invisible to people but read by models", j-i),
				"decoded: "+dec.String())
			i = j - 1
		case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069:
			ln := li.line(offs[i])
			sev, what := High, "bidi override"
			if r >= 0x2066 || r == 0x202A || r == 0x202B {
				what = "bidi embedding or isolate"
				if hasRTL(lineText(s, li, ln)) {
					sev = Medium
				}
			}
			if r == 0x202C || r == 0x2069 { // terminators alone hide nothing
				if sev == High {
					sev = Medium
				}
			}
			sc.add(rel, ln, "bidi-override", sev,
				fmt.Sprintf("%s U+%04X reorders the text people see, not what the model reads", what, r),
				lineText(s, li, ln))
		case isZeroWidth(r):
			j := i
			for j < len(rs) && isZeroWidth(rs[j]) {
				j++
			}
			run := j - i
			prev, next := rune(0), rune(0)
			if i > 0 {
				prev = rs[i-1]
			}
			if j < len(rs) {
				next = rs[j]
			}
			ln := li.line(offs[i])
			i = j - 1
			if !reported[ln] {
				if n, longest := scatteredZeroWidth(lineText(s, li, ln)); n >= 4 && longest < 4 {
					// one at a time beside spaces each looks like a line-break
					// hint; scattered through a line they split an
					// instruction's words for every filter
					reported[ln] = true
					sc.add(rel, ln, "invisible-unicode", High, fmt.Sprintf("%d zero-width spaces scattered through one line split its words for filters, unseen by people", n), lineText(s, li, ln))
					continue
				}
			}
			if reported[ln] || normalZeroWidth(rs[j-run:j], prev, next, offs[j-run] == 0) {
				continue
			}
			sev, reason := SeverityNone, ""
			switch {
			case run >= 4:
				sev, reason = Critical, fmt.Sprintf("a run of %d zero-width characters can encode hidden text", run)
			case isWordRune(prev) && isWordRune(next):
				sev, reason = High, "a zero-width character inside a word hides it from people and from filters"
			case run >= 2:
				sev, reason = Medium, fmt.Sprintf("%d zero-width characters in a row", run)
			default:
				sev, reason = Low, "a stray zero-width character"
			}
			reported[ln] = true
			sc.add(rel, ln, "invisible-unicode", sev, reason, lineText(s, li, ln))
		}
	}
}

// hasInvisible reports whether s holds a rune scanInvisible looks at
// (a tag, a bidi control or a zero-width character): most non-ASCII
// files hold none, and are then not decoded into runes.
func hasInvisible(s string) bool {
	for _, r := range s {
		if r >= 0xE0000 && r <= 0xE007F || r >= 0x202A && r <= 0x202E || r >= 0x2066 && r <= 0x2069 || isZeroWidth(r) {
			return true
		}
	}
	return false
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// isFlagBase reports whether the tag run at i follows a black flag
// (U+1F3F4), as in the England, Scotland and Wales emoji.
func isFlagBase(rs []rune, i int) bool {
	return rs[i-1] == 0x1F3F4
}

// scatteredZeroWidth counts the zero-width spaces (U+200B, U+2060) of a
// line outside CJK text, where they mark word breaks, and returns the
// longest run of zero-width characters of any kind (a run of 4 or more is
// reported as such).
func scatteredZeroWidth(line string) (n, longest int) {
	rs := []rune(line)
	run := 0
	for i, r := range rs {
		if isZeroWidth(r) {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
		if r != '\u200B' && r != '\u2060' {
			continue
		}
		if i > 0 && isCJK(rs[i-1]) || i+1 < len(rs) && isCJK(rs[i+1]) {
			continue
		}
		n++
	}
	return n, longest
}

func isZeroWidth(r rune) bool {
	switch r {
	case '\u200B', '\u200C', '\u200D', '\u2060', '\u2061', '\u2062', '\u2063', '\u2064', '\uFEFF', '\u180E', '\u034F',
		'\u115F', '\u1160', '\u3164', '\uFFA0':
		return true
	}
	return false
}

// normalZeroWidth reports zero-width runs that are ordinary text: a
// byte-order mark at the start of the file, joiners in emoji sequences,
// ZWJ/ZWNJ between letters of scripts that need them, and zero-width
// spaces beside CJK.
func normalZeroWidth(run []rune, prev, next rune, atStart bool) bool {
	if len(run) == 1 && run[0] == '\uFEFF' && atStart {
		return true
	}
	if len(run) > 2 {
		return false
	}
	for _, r := range run {
		switch r {
		case '\u200D':
			if isEmojiPart(prev) && (isEmojiPart(next) || next == 0) || joiningScript(prev) || joiningScript(next) {
				continue
			}
			return false
		case '\u200C':
			if joiningScript(prev) || joiningScript(next) {
				continue
			}
			return false
		case '\u200B', '\u2060':
			if isCJK(prev) || isCJK(next) || prev == 0 || next == 0 || unicode.IsSpace(prev) || unicode.IsSpace(next) || unicode.IsPunct(prev) || unicode.IsPunct(next) {
				continue
			}
			return false
		case '\uFE0F':
			continue
		default:
			return false
		}
	}
	return true
}

// isEmojiPart reports runes that occur in emoji ZWJ sequences: pictographs,
// skin-tone modifiers, variation selector 16, and the gender and object
// symbols of the BMP used in them.
func isEmojiPart(r rune) bool {
	switch {
	case r >= 0x1F000 && r <= 0x1FAFF, r >= 0x2600 && r <= 0x27BF, r >= 0x2B00 && r <= 0x2BFF,
		r == 0xFE0F, r == 0x20E3, r >= 0x1F3FB && r <= 0x1F3FF, r == 0x2640, r == 0x2642, r == 0x2695, r == 0x2696,
		r == 0x2708, r == 0x2764, r == 0x00A9, r == 0x00AE, r >= 0x2190 && r <= 0x21FF:
		return true
	}
	return false
}

// joiningScript reports letters of scripts where ZWJ and ZWNJ shape text.
func joiningScript(r rune) bool {
	return unicode.In(r, unicode.Arabic, unicode.Syriac, unicode.Nko, unicode.Mongolian, unicode.Devanagari,
		unicode.Bengali, unicode.Gurmukhi, unicode.Gujarati, unicode.Oriya, unicode.Tamil, unicode.Telugu,
		unicode.Kannada, unicode.Malayalam, unicode.Sinhala, unicode.Khmer, unicode.Myanmar, unicode.Tibetan,
		unicode.Hebrew, unicode.Thaana) || unicode.Is(unicode.Mn, r)
}

func isCJK(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul, unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar) ||
		(r >= 0x3000 && r <= 0x303F) || (r >= 0xFF00 && r <= 0xFFEF)
}

func hasRTL(s string) bool {
	for _, r := range s {
		if unicode.In(r, unicode.Arabic, unicode.Hebrew, unicode.Syriac, unicode.Thaana, unicode.Nko) {
			return true
		}
	}
	return false
}

// isWordRune reports letters and digits of scripts that separate words
// with spaces (so a zero-width character between two of them sits inside
// a word).
func isWordRune(r rune) bool {
	return (unicode.IsLetter(r) || unicode.IsDigit(r)) && !isCJK(r) && !joiningScript(r)
}
