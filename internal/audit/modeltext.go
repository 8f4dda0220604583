package audit

import (
	"path"
	"strings"
)

// A skill's agent reads its scripts, data and reference files as text
// when SKILL.md sends it to them ("read data/entries.json before you
// start"), so words addressed to the model are instructions wherever they
// sit: in a docstring or comment, a JSON or YAML string, a CSV cell, a
// translation catalogue. The instruction rules (instruction-override,
// secret-request) run over every file, not only markdown and text, with
// the severities they have in instructions; a skill that teaches defence
// (its fixtures hold such wording on purpose) ranks them lower, as
// everywhere: in its prose by one level, in its data files (an eval's
// adversarial prompts) by two, as its examples are. In a data file, a line put to the agent ("Editor note for
// the agent applying this glossary: ...") has its commands judged as a
// SKILL.md's are (scanProseCommands), and a TOML, JSON or YAML string
// put to the agent is read as a whole for a secret it asks for
// (scanDataNotes).

// dataTextExts are data files whose strings are read as said.
var dataTextExts = lazySet(".csv", ".tsv", ".po", ".pot", ".xml", ".properties", ".strings", ".xliff", ".xlf", ".resx", ".arb", ".jsonl", ".ndjson")

// modelAddressed is wording put to the model: its name or role in the
// second person's place ("Note to the AI assistant", "Claude, ...",
// "if you are an AI agent").
var modelAddressed = lazyRE(`(?i)\b(?:AI|assistant|LLM|language\s+model|Claude|Codex|Copilot|Gemini|ChatGPT|GPT-?\d?)\b|\bagents?\s+(?:reading|processing|parsing|running|applying|using|porting)\b|\bfor\s+(?:the\s+)?(?:agent|automated\s+assistants?)\b|\bif\s+you\s+are\s+an?\s+(?:AI|agent|model|bot)\b`)

// lineWindow returns lines line-before to line+before of content (li
// its line index), 1-based, clipped to the file.
func lineWindow(content string, li lineIndex, line, before int) string {
	lines := strings.Split(content, "\n")
	lo, hi := max(0, line-1-before), min(len(lines), line+before)
	return strings.Join(lines[lo:hi], "\n")
}

// modelTextRules are the language rules read in files of every kind.
var modelTextRules = lazySet("instruction-override", "secret-request")

// scanModelText runs the instruction rules over a file that is not
// markdown or text (see above); k is its kind (kindOf). In a data file (settings, CSV, a
// translation catalogue) the quotes round a string are its syntax, not a
// quotation, so its text is judged as said, not cited.
func scanModelText(sc *skillCtx, rel, content string, k fileKind) {
	n := len(sc.findings)
	w := inProse
	if k == kindConfig || dataTextExts()[strings.ToLower(path.Ext(rel))] {
		w = inScript
	}
	text := content
	if ext := strings.ToLower(path.Ext(rel)); w == inProse || ext == ".po" || ext == ".pot" {
		// a block comment's sentence runs on over its * and // leaders,
		// a gettext catalogue's translator notes over their #. leaders
		text = commentLeadersBlanked(content)
	}
	scanLanguage(sc, rel, text, 0, len(text), newLineIndex(text), w, nil)
	kept := sc.findings[:n]
	li := newLineIndex(content)
	for _, f := range sc.findings[n:] {
		if !modelTextRules()[f.RuleID] || sameFinding(sc.findings[:n], f) {
			continue
		}
		if f.RuleID == "secret-request" && !modelAddressed.MatchString(lineWindow(content, li, f.Line, 6)) {
			// code and settings name key files all the time (a deny
			// rule for ~/.ssh, a message that a token is stored in the
			// keychain): only words put to the model ask for them
			continue
		}
		if w == inScript && sc.defence {
			// a data file of a skill that teaches defence holds attack
			// wording as its test inputs (an eval's adversarial prompts):
			// an example, ranked as a code block's is there
			f.Severity = f.Severity.lower(2)
			if f.Severity <= SeverityNone {
				continue
			}
		}
		kept = append(kept, f)
	}
	sc.findings = kept
	if w == inScript {
		// a note in a data file put to the agent is instructions: the
		// commands it gives are judged as a SKILL.md's are
		lines := strings.Split(content, "\n")
		for i, l := range lines {
			if i >= 4096 || !modelAddressed.MatchString(l) {
				continue
			}
			scanProseCommands(sc, rel, l, i+1, inProse)
		}
		// a TOML, JSON or YAML note put to the agent, read as a whole
		scanDataNotes(sc, rel, content)
	}
}

// sameFinding reports whether fs holds a finding of f's rule on f's line
// of f's file already (a rule of the file's own kind found it).
func sameFinding(fs []Finding, f Finding) bool {
	for _, g := range fs {
		if g.File == f.File && g.Line == f.Line && g.RuleID == f.RuleID {
			return true
		}
	}
	return false
}

// commentLeader is the leader of a line inside a comment: a block
// comment's *, or //, #, -- or ; with the space after it, and a gettext
// catalogue's #. (extracted comment), #, #: and #| leaders.
var commentLeader = lazyRE(`(?m)^([ \t]*)(?:\*|//+|#+[.,:|~]?|--|;+)[ \t]?`)

// commentLeadersBlanked returns text with each line's comment leader
// blanked to spaces (offsets and lines kept), so a sentence of a comment
// reads on from one line to the next ("do not\n * mention it"), or text
// itself when no line has one.
func commentLeadersBlanked(text string) string {
	if !commentLeader.MatchString(text) {
		return text
	}
	return commentLeader.ReplaceAllStringFunc(text, func(m string) string { return strings.Repeat(" ", len(m)) })
}
