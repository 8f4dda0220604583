package audit

import (
	"path"
	"strings"
)

// The text the rules read of a file whose language builds at run time
// the strings they look for: a Rust program named through a const or
// static (rustInlineNames), a Perl string built from character codes or
// packed bytes (perlDecodeCode), a template engine's file whose output
// tags print values its set tags or its partials bind (tplRendered). The file's secrets and invisible
// characters are read from the file as it is; every other rule reads
// the resolved text, whose lines stand where the file's do, and a
// finding's evidence that is a resolved line shows the file's line.

// resolvedCode returns the text the rules read of file rel (content),
// the strings decoded in it (their offsets in that text), and whether it
// differs from content; partials are the template partials it imports.
func resolvedCode(rel, content string, partials []linkedFile) (string, []decodedLit, bool) {
	switch {
	case isEngineTemplate(rel):
		s, ok := tplRendered(rel, content, partials)
		return s, nil, ok
	case strings.EqualFold(path.Ext(rel), ".rs"):
		s, ok := rustInlineNames(content)
		return s, nil, ok
	case isPerlFile(rel, content):
		return perlDecodeCode(content)
	}
	return content, nil, false
}

// setText makes content the text the file's rules read: the word index
// and hints the rules' gates consult are made from it.
func (sc *skillCtx) setText(content string) {
	sc.fileText = content
	sc.fileGen++
	sc.words = fileWords().find(content)
	sc.foldRisk = strings.Contains(content, "\u017F") || strings.Contains(content, "\u212A")
	sc.hints = hintsOf(content, sc.words)
}

// restoreEvidence shows, in the findings of rel added since before whose
// evidence is a line of the resolved text that differs from the file's,
// the file's line instead.
func (sc *skillCtx) restoreEvidence(rel string, before int, orig, resolved string) {
	var oi, ri lineIndex
	for i := before; i < len(sc.findings); i++ {
		f := &sc.findings[i]
		if f.File != rel || f.Line < 1 {
			continue
		}
		if oi == nil {
			oi, ri = newLineIndex(orig), newLineIndex(resolved)
		}
		r := strings.TrimSpace(lineText(resolved, ri, f.Line))
		o := strings.TrimSpace(lineText(orig, oi, f.Line))
		if r != o && f.Evidence == Escape(r, 160) {
			f.Evidence = Escape(o, 160)
		}
	}
}
