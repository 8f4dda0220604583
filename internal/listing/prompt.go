// Package listing renders a catalog's skills as a listing that fits a
// character budget: the rule that shortens descriptions, then lists names
// only, then leaves skills out (Fit), the <available_skills> block for an
// agent's system prompt (BuildPrompt) and its place in a file such as
// AGENTS.md (ReplaceBlock). It has nothing to do with MCP: the tools
// profiles, `skilldex prompt` and `skilldex doctor` use it alike.
package listing

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/skilldex/skilldex/index"
)

// Prompt formats: the Agent Skills <available_skills> XML block, a
// markdown list, or a JSON document.
const (
	PromptXML      = "xml"
	PromptMarkdown = "markdown"
	PromptJSON     = "json"
)

// Fit modes of a Prompt, from most to least complete: the words Mode's
// values stand for.
const (
	FitFull      = "full"      // every skill with its full description
	FitShortened = "shortened" // every skill, descriptions shortened
	FitNames     = "names"     // every skill, names only
	FitLeftOut   = "left-out"  // names only of the first skills; the others left out
)

// Block markers: PromptBlock's text sits between them in a file such as
// AGENTS.md, so ReplaceBlock can update it in place.
const (
	BlockStart = "<!-- skilldex:start -->"
	BlockEnd   = "<!-- skilldex:end -->"
)

// ErrBudgetTooSmall: a prompt budget cannot hold even the block's frame
// and its note.
var ErrBudgetTooSmall = errors.New("prompt budget too small")

// ErrBadMarkers: a file holds one marker without the other, or the end
// before the start, or a marker twice; ReplaceBlock will not guess where
// the block is.
var ErrBadMarkers = errors.New("skilldex block markers are unbalanced")

// PromptOptions configure BuildPrompt.
type PromptOptions struct {
	// Budget is the most characters (Unicode code points) the whole text
	// may have, frame and note included; 0 means
	// DefaultBudget (8,000).
	Budget int
	// Format is PromptXML (the default), PromptMarkdown or PromptJSON.
	Format string
	// ExposeHidden also lists the skills whose authors hid them from the
	// model (index.Skill.DisableModelInvocation, Claude Code's
	// disable-model-invocation: true); by default they are left out: a
	// system prompt is what the model sees.
	ExposeHidden bool
}

// PromptSkill is one skill as a Prompt lists it.
type PromptSkill struct {
	Name string `json:"name"`
	// Description is the full or shortened description; empty when only
	// names are listed.
	Description string `json:"description,omitempty"`
	// Location is the absolute path of the skill's SKILL.md; empty when
	// only names are listed.
	Location string `json:"location,omitempty"`
}

// Prompt is the catalog's skill listing for an agent's system prompt,
// fitted to a character budget.
type Prompt struct {
	Format string `json:"format"`
	Budget int    `json:"budget"`
	// Chars is the length of Text in characters (code points).
	Chars int `json:"chars"`
	// FullChars is what the listing would cost with every skill and its
	// full description: the catalog's listing cost.
	FullChars int `json:"full_chars"`
	// Mode is FitFull, FitShortened, FitNames or FitLeftOut.
	Mode string `json:"mode"`
	// DescriptionCap is the most characters a shortened description has
	// (Mode FitShortened).
	DescriptionCap int `json:"description_cap,omitempty"`
	Total          int `json:"total"`
	Listed         int `json:"listed"`
	Omitted        int `json:"omitted"`
	// Note says how the listing was cut and that search_skills finds
	// every skill; empty when nothing was cut.
	Note   string        `json:"note,omitempty"`
	Skills []PromptSkill `json:"skills"`
	// Text is the rendered listing in Format.
	Text string `json:"text"`
}

// promptFrame is one format's rendering: head, the entries joined by sep,
// then foot, which carries the note when there is one.
type promptFrame struct {
	Format
	head, sep string
	foot      func(note string) string
}

// xmlEscaper escapes character data; quotes need no escaping there, and
// leaving them keeps descriptions readable for the model.
var xmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")

// EscapeXML escapes &, < and > in s for XML character data (quotes are
// left as they are: they need no escaping there and stay readable).
func EscapeXML(s string) string { return xmlEscaper.Replace(s) }

// xmlText escapes s as XML character data on one line, dropping code
// points XML 1.0 forbids (control characters other than tab).
func xmlText(s string) string {
	s = strings.Map(func(r rune) rune {
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			return ' '
		case r < 0x20, r == 0xFFFE, r == 0xFFFF, r >= 0xD800 && r < 0xE000:
			return -1
		}
		return r
	}, s)
	return xmlEscaper.Replace(oneLine(s))
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func jsonString(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return strings.TrimSuffix(b.String(), "\n")
}

// promptFrames are the formats. XML is the Agent Skills integration guide's
// block (agentskills.io/integrate-skills: <available_skills> of <skill>
// with <name>, <description> and <location>, the absolute path of
// SKILL.md), escaped as skills-ref's to-prompt escapes it.
var promptFrames = map[string]promptFrame{
	PromptXML: {
		Format: Format{
			Full: func(e Entry, desc string) string {
				return "  <skill>\n    <name>" + xmlText(e.Name) + "</name>\n    <description>" + xmlText(desc) +
					"</description>\n    <location>" + xmlText(e.Location) + "</location>\n  </skill>"
			},
			NameOnly: func(e Entry) string { return "  <skill><name>" + xmlText(e.Name) + "</name></skill>" },
		},
		head: "<available_skills>\n", sep: "\n",
		foot: func(n string) string {
			if n == "" {
				return "\n</available_skills>"
			}
			return "\n  <note>" + xmlText(n) + "</note>\n</available_skills>"
		},
	},
	PromptMarkdown: {
		Format: Format{
			Full: func(e Entry, desc string) string {
				return "- **" + oneLine(e.Name) + "**: " + oneLine(desc) + " (`" + e.Location + "`)"
			},
			NameOnly: func(e Entry) string { return "- **" + oneLine(e.Name) + "**" },
		},
		head: "## Available skills\n\n", sep: "\n",
		foot: func(n string) string {
			if n == "" {
				return ""
			}
			return "\n\n> " + oneLine(n)
		},
	},
	PromptJSON: {
		Format: Format{
			Full: func(e Entry, desc string) string {
				return `{"name":` + jsonString(e.Name) + `,"description":` + jsonString(desc) + `,"location":` + jsonString(e.Location) + `}`
			},
			NameOnly: func(e Entry) string { return `{"name":` + jsonString(e.Name) + `}` },
		},
		head: "{\"available_skills\": [\n", sep: ",\n",
		foot: func(n string) string {
			if n == "" {
				return "\n]}"
			}
			return "\n], \"note\": " + jsonString(n) + "}"
		},
	},
}

// promptNote says how a listing was cut: how many skills are listed and
// left out, and that search_skills finds every one.
func promptNote(mode string, listed, omitted, descCap int) string {
	how := ""
	switch mode {
	case FitFull:
		return ""
	case FitShortened:
		how = fmt.Sprintf("descriptions shortened to at most %d characters", descCap)
	default:
		how = "names only"
	}
	return fmt.Sprintf("%d of %d skills listed (%s); %d left out. The search_skills tool finds every skill, listed or not.",
		listed, listed+omitted, how, omitted)
}

// BuildPrompt renders skills (pass Catalog.List with default options: the
// served skills that win their names; those hidden from the model are
// left out unless ExposeHidden) as a listing for an agent's system
// prompt, in root priority order then by name, fitted to the budget by
// Fit's rule: full descriptions when they fit, else descriptions
// shortened to a common cap, else names only, else the names of the first
// skills that fit, the note stating how many were left out. Errors:
// ErrBudgetTooSmall, and an unknown format.
func BuildPrompt(skills []index.Skill, opts PromptOptions) (*Prompt, error) {
	format := opts.Format
	if format == "" {
		format = PromptXML
	}
	fr, ok := promptFrames[format]
	if !ok {
		return nil, fmt.Errorf("unknown prompt format %q: use xml, markdown or json", opts.Format)
	}
	budget := opts.Budget
	if budget <= 0 {
		budget = DefaultBudget
	}
	var shown []index.Skill
	for _, s := range skills {
		if opts.ExposeHidden || !s.DisableModelInvocation {
			shown = append(shown, s)
		}
	}
	sorted := ByRoot(shown)
	entries := make([]Entry, len(sorted))
	for i, s := range sorted {
		entries[i] = Entry{Name: s.Name, Description: oneLine(s.Description), Location: s.SkillPath()}
	}
	n := len(entries)
	longest := 0 // the largest description cap a note can state
	for _, e := range entries {
		longest = max(longest, runes(e.Description))
	}
	// The frame and the longest note this listing could need are held
	// back from the entries' budget, so the whole text fits.
	reserve := runes(fr.head) + max(runes(fr.foot(promptNote(FitShortened, n, n, longest))), runes(fr.foot(promptNote(FitLeftOut, n, n, n))))
	if budget < reserve {
		noun := "skills"
		if n == 1 {
			noun = "skill"
		}
		return nil, fmt.Errorf("%w: %d characters cannot hold the frame and note of %d %s; give at least %d", ErrBudgetTooSmall, budget, n, noun, reserve+40)
	}
	frame := Format{
		Full:     func(e Entry, d string) string { return fr.Full(e, d) },
		NameOnly: fr.NameOnly,
	}
	if fr.sep != "\n" {
		// Fit joins with one newline; a longer separator goes on the
		// entry instead, so the count stays right.
		extra := fr.sep[:len(fr.sep)-1]
		frame.Full = func(e Entry, d string) string { return fr.Full(e, d) + extra }
		frame.NameOnly = func(e Entry) string { return fr.NameOnly(e) + extra }
	}
	room := budget - reserve
	var fit Fitted
	// Fit counts descriptions before escaping; a description full of
	// & or < renders longer, so shrink the room by the overflow until the
	// text fits.
	for {
		fit = Fit(entries, room, frame)
		over := runes(fit.Text) - (budget - reserve)
		if over <= 0 || room <= 0 {
			break
		}
		room -= over
	}
	if fr.sep != "\n" && fit.Listed > 0 {
		fit.Text = strings.TrimSuffix(fit.Text, fr.sep[:len(fr.sep)-1])
	}
	p := &Prompt{Format: format, Budget: budget, Total: n, Listed: fit.Listed, Omitted: fit.Omitted, Skills: []PromptSkill{}}
	p.Mode = fit.Mode.String()
	if n == 0 {
		p.Mode = FitFull
	}
	if fit.Mode == ModeShortened {
		p.DescriptionCap = fit.DescCap
	}
	for _, e := range entries[:fit.Listed] {
		ps := PromptSkill{Name: e.Name}
		switch fit.Mode {
		case ModeFull:
			ps.Description, ps.Location = e.Description, e.Location
		case ModeShortened:
			ps.Description, ps.Location = Shorten(e.Description, fit.DescCap), e.Location
		}
		p.Skills = append(p.Skills, ps)
	}
	p.Note = promptNote(p.Mode, p.Listed, p.Omitted, p.DescriptionCap)
	p.Text = fr.head + fit.Text + fr.foot(p.Note)
	p.Chars = runes(p.Text)
	p.FullChars = runes(fr.head) + runes(fr.foot("")) + max(0, n-1)*runes(fr.sep)
	for _, e := range entries {
		p.FullChars += runes(fr.Full(e, e.Description))
	}
	return p, nil
}

// ReplaceBlock returns doc with block put between BlockStart and BlockEnd:
// in place of what was between them when both are there (every byte
// outside the markers kept), else appended at the end after a blank line.
// The same block on the result returns it unchanged. Error: ErrBadMarkers
// when only one marker is there, they are out of order, or either appears
// twice.
func ReplaceBlock(doc []byte, block string) ([]byte, error) {
	s := string(doc)
	ns, ne := strings.Count(s, BlockStart), strings.Count(s, BlockEnd)
	wrapped := BlockStart + "\n" + strings.TrimRight(block, "\n") + "\n" + BlockEnd
	switch {
	case ns == 0 && ne == 0:
		var b strings.Builder
		b.WriteString(s)
		if s != "" && !strings.HasSuffix(s, "\n") {
			b.WriteString("\n")
		}
		if s != "" && !strings.HasSuffix(s, "\n\n") {
			b.WriteString("\n")
		}
		b.WriteString(wrapped + "\n")
		return []byte(b.String()), nil
	case ns != 1 || ne != 1:
		return nil, fmt.Errorf("%w: found %s %d times and %s %d times; leave exactly one of each (or neither)", ErrBadMarkers, BlockStart, ns, BlockEnd, ne)
	}
	i, j := strings.Index(s, BlockStart), strings.Index(s, BlockEnd)
	if j < i {
		return nil, fmt.Errorf("%w: %s comes before %s", ErrBadMarkers, BlockEnd, BlockStart)
	}
	return []byte(s[:i] + wrapped + s[j+len(BlockEnd):]), nil
}
