package audit

import "strings"

// A gettext catalogue's #. (extracted) and # (translator) comments are
// read as hidden text (formatcomment.go): the app's users see only the
// translated strings, and an agent merging the catalogue reads every
// note. Those notes are written to translators, though ("TRANSLATORS:
// do not translate "Copilot"; use the form of the settings dialog"), and
// catalogues of apps with AI features name models all the time: as the
// product a string is about, in quotes, or in a sentence addressed to
// the translators. Such a sentence is a note to them, not an instruction
// to the model; an attack in it is still one (markupHidden keeps those).

// translatorsRe finds a sentence addressed to a catalogue's translators
// ("TRANSLATORS: …", "Note for translators", "i18n: …"); a header field
// that names one (Last-Translator) addresses no one.
var translatorsRe = lazyRE(`(?i)(?:^|[\s(])(?:translators?|i18n|l10n)\s*[:,]|\b(?:to|for)\s+(?:the\s+)?translators?\b|(?:^|[\s(])translators?'?\s+(?:notes?|comments?|hints?)\b`)

// quotedTermRe finds a quoted term: a product or UI name in a note
// ("Copilot", 'Assistant', “Gemini”, `Claude`). A ' counts only after a
// non-letter, so an apostrophe ("the assistant's") opens nothing.
var quotedTermRe = lazyRE("\"[^\"\\n]{0,80}\"|“[^”\\n]{0,80}”|„[^“”\\n]{0,80}[“”]|«[^»\\n]{0,80}»|`[^`\\n]{0,80}`|(?:^|[^\\pL\\pN])'[^'\\n]{0,80}'")

// sentenceEndRe ends a sentence of a note.
var sentenceEndRe = lazyRE(`[.!?;](?:\s|$)`)

// putToModel reports whether note t (a comment paragraph) speaks to the
// model: a sentence of it names the model (modelAddressRe) outside
// quoted terms and is not addressed to audience (the format's readers).
func putToModel(t string, audience *lazyRegexp) bool {
	t = quotedTermRe.ReplaceAllStringFunc(t, func(m string) string { return strings.Repeat(" ", len(m)) })
	for len(t) > 0 {
		end := len(t)
		if loc := sentenceEndRe.FindStringIndex(t); loc != nil {
			end = loc[1]
		}
		s := t[:end]
		t = t[end:]
		if modelAddressRe.MatchString(s) && !audience.MatchString(s) {
			return true
		}
	}
	return false
}
