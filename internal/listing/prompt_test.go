package listing

import (
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	g "github.com/skilldex/skilldex/internal/golden"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/index"
)

// promptSkills are the prompt fixtures: descriptions with XML's special
// characters, quotes, line breaks and non-ASCII text, in two roots.
func promptSkills() []index.Skill {
	mk := func(root int, name, desc string) index.Skill {
		return index.Skill{ID: name, Name: name, Description: desc, Root: root, Dir: "/skills/" + name, SkillFile: "SKILL.md", Valid: true}
	}
	return []index.Skill{
		mk(1, "zeta-notes", "Take meeting notes & action items from a transcript. Use when the user pastes a call transcript."),
		mk(0, "pdf-forms", "Fill, inspect and flatten PDF forms (AcroForm fields, checkboxes). Use when the user needs to fill a PDF form."),
		mk(0, "html-escape", "Escape <script> tags & \"quoted\" attributes in HTML snippets;\nuse when the user asks whether markup is safe to embed."),
		mk(0, "résumé-review", "Review a résumé or CV: structure, wording, gaps — and suggest edits. Use when the user shares a résumé."),
		mk(1, "commit-messages", "Write Conventional Commits messages from a staged diff. Use when the user asks for a commit message."),
	}
}

// xmlBlock is <available_skills> as encoding/xml reads it back.
type xmlBlock struct {
	XMLName xml.Name `xml:"available_skills"`
	Skills  []struct {
		Name        string `xml:"name"`
		Description string `xml:"description"`
		Location    string `xml:"location"`
	} `xml:"skill"`
	Note string `xml:"note"`
}

// TestBuildPromptGolden renders the fixtures in every format at budgets
// that give each fit mode, checks the text against golden files, and
// parses it back (XML with encoding/xml, JSON with encoding/json) to the
// skills the Prompt says it lists.
func TestBuildPromptGolden(t *testing.T) {
	modes := []string{FitFull, FitShortened, FitNames, FitLeftOut}
	// Budgets, per format, inside each mode's range (found by the sweep).
	budgets := map[string][]int{PromptXML: {8000, 1200, 700, 300}, PromptMarkdown: {8000, 800, 400, 230}, PromptJSON: {8000, 1000, 500, 250}}
	for _, format := range []string{PromptXML, PromptMarkdown, PromptJSON} {
		for i, mode := range modes {
			name := fmt.Sprintf("%s_%s", format, mode)
			budget := budgets[format][i]
			t.Run(name, func(t *testing.T) {
				p, err := BuildPrompt(promptSkills(), PromptOptions{Budget: budget, Format: format})
				if err != nil {
					t.Fatal(err)
				}
				if p.Mode != mode {
					t.Errorf("budget %d: mode %s, want %s", budget, p.Mode, mode)
				}
				if p.Chars > budget || p.Chars != len([]rune(p.Text)) {
					t.Errorf("chars %d (text %d) over budget %d", p.Chars, len([]rune(p.Text)), budget)
				}
				if p.Listed+p.Omitted != 5 || (p.Mode != FitFull) != (p.Note != "") {
					t.Errorf("listed %d omitted %d note %q", p.Listed, p.Omitted, p.Note)
				}
				if p.Note != "" && (!strings.Contains(p.Note, fmt.Sprintf("%d left out", p.Omitted)) || !strings.Contains(p.Note, "search_skills")) {
					t.Errorf("note %q does not say how many were left out and that search_skills finds them", p.Note)
				}
				switch format {
				case PromptXML:
					var b xmlBlock
					if err := xml.Unmarshal([]byte(p.Text), &b); err != nil {
						t.Fatalf("XML does not parse: %v\n%s", err, p.Text)
					}
					if len(b.Skills) != len(p.Skills) || b.Note != p.Note {
						t.Fatalf("parsed %d skills, note %q; want %d, %q", len(b.Skills), b.Note, len(p.Skills), p.Note)
					}
					for i, s := range b.Skills {
						w := p.Skills[i]
						if s.Name != w.Name || s.Description != w.Description || s.Location != w.Location {
							t.Errorf("skill %d parsed as %+v, want %+v", i, s, w)
						}
					}
				case PromptJSON:
					var doc struct {
						Skills []PromptSkill `json:"available_skills"`
						Note   string        `json:"note"`
					}
					if err := json.Unmarshal([]byte(p.Text), &doc); err != nil {
						t.Fatalf("JSON does not parse: %v\n%s", err, p.Text)
					}
					if len(doc.Skills) != len(p.Skills) || doc.Note != p.Note {
						t.Errorf("parsed %+v", doc)
					}
				}
				goldenFile(t, filepath.Join("prompt", name+".golden"), p.Text+"\n")
			})
		}
	}
}

// goldenFile compares got with testdata/rel, or rewrites it with -update.
func goldenFile(t *testing.T, rel, got string) {
	t.Helper()
	g.Check(t, filepath.Join("testdata", rel), []byte(got))
}

// TestBuildPromptSweep checks every budget from the smallest accepted to
// past the full listing: the text always fits, and as the budget shrinks
// the listing only ever loses detail.
func TestBuildPromptSweep(t *testing.T) {
	order := map[string]int{FitFull: 0, FitShortened: 1, FitNames: 2, FitLeftOut: 3}
	for _, format := range []string{PromptXML, PromptMarkdown, PromptJSON} {
		prev := -1
		prevListed := 5
		for budget := 1200; budget >= 200; budget-- {
			p, err := BuildPrompt(promptSkills(), PromptOptions{Budget: budget, Format: format})
			if errors.Is(err, ErrBudgetTooSmall) {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if p.Chars > budget {
				t.Fatalf("%s budget %d: %d characters", format, budget, p.Chars)
			}
			if order[p.Mode] < prev || p.Listed > prevListed {
				t.Fatalf("%s budget %d: mode %s listing %d after %d listed at a larger budget", format, budget, p.Mode, p.Listed, prevListed)
			}
			prev, prevListed = order[p.Mode], p.Listed
		}
		if prev != order[FitLeftOut] {
			t.Errorf("%s: the sweep never reached left-out", format)
		}
	}
}

func TestBuildPromptErrors(t *testing.T) {
	if _, err := BuildPrompt(promptSkills(), PromptOptions{Budget: 50}); !errors.Is(err, ErrBudgetTooSmall) {
		t.Errorf("budget 50: got %v, want ErrBudgetTooSmall", err)
	}
	if _, err := BuildPrompt(promptSkills(), PromptOptions{Format: "yaml"}); err == nil {
		t.Error("format yaml: want an error")
	}
	p, err := BuildPrompt(nil, PromptOptions{})
	if err != nil || p.Text != "<available_skills>\n\n</available_skills>" || p.Mode != FitFull {
		t.Errorf("no skills: %q, %v", p.Text, err)
	}
}

func TestReplaceBlock(t *testing.T) {
	block := "<available_skills>\n</available_skills>"
	wrapped := BlockStart + "\n" + block + "\n" + BlockEnd
	cases := []struct {
		name, doc, want string
		err             bool
	}{
		{"empty", "", wrapped + "\n", false},
		{"no markers", "# Agents\n\nBe nice.\n", "# Agents\n\nBe nice.\n\n" + wrapped + "\n", false},
		{"no trailing newline", "# Agents", "# Agents\n\n" + wrapped + "\n", false},
		{"replace", "# A\n" + BlockStart + "\nold\nstuff\n" + BlockEnd + "\n## After\ntext\n", "# A\n" + wrapped + "\n## After\ntext\n", false},
		{"inline markers", "a " + BlockStart + "x" + BlockEnd + " b", "a " + wrapped + " b", false},
		{"only start", "a\n" + BlockStart + "\n", "", true},
		{"end first", BlockEnd + "\n" + BlockStart + "\n", "", true},
		{"twice", wrapped + "\n" + wrapped + "\n", "", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReplaceBlock([]byte(tc.doc), block)
			if tc.err {
				if !errors.Is(err, ErrBadMarkers) {
					t.Fatalf("got %v, want ErrBadMarkers", err)
				}
				return
			}
			if err != nil || string(got) != tc.want {
				t.Fatalf("got %q, %v\nwant %q", got, err, tc.want)
			}
			again, err := ReplaceBlock(got, block)
			if err != nil || string(again) != string(got) {
				t.Errorf("second run changed the document: %q", again)
			}
		})
	}
}

// TestBuildPromptHidden (issue 15 item 3): a skill hidden from the model
// (disable-model-invocation: true) is not in the system-prompt block,
// not counted in its totals, and is listed with ExposeHidden.
func TestBuildPromptHidden(t *testing.T) {
	skills := promptSkills()
	skills[1].DisableModelInvocation = true // pdf-forms
	for _, format := range []string{PromptXML, PromptMarkdown, PromptJSON} {
		p, err := BuildPrompt(skills, PromptOptions{Format: format})
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(p.Text, "pdf-forms") || p.Total != len(skills)-1 {
			t.Errorf("%s: the hidden skill is listed (total %d):\n%s", format, p.Total, p.Text)
		}
		p, err = BuildPrompt(skills, PromptOptions{Format: format, ExposeHidden: true})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(p.Text, "pdf-forms") || p.Total != len(skills) {
			t.Errorf("%s with ExposeHidden: the hidden skill is not listed (total %d)", format, p.Total)
		}
	}
}
