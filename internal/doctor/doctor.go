// Package doctor checks a skill catalog for everything wrong or risky in
// it, for the people who maintain it: skills that fail validation (with the
// exact fix), shadowed names, exact duplicates, broken references and
// references that leave the skill, scripts that will not run, descriptions
// too thin for search to place, and the catalog's listing cost against
// common agent budgets. It reads nothing but what the catalog gives it.
package doctor

import (
	"cmp"
	"context"
	"fmt"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/index/skillmd"
	skilllisting "github.com/skilldex/skilldex/internal/listing"
)

// Severity ranks a finding. Errors make `skilldex doctor` exit 1: the
// catalog serves something broken.
type Severity string

// Severities, most serious first.
const (
	Error   Severity = "error"
	Warning Severity = "warning"
	Info    Severity = "info"
)

func (s Severity) rank() int {
	switch s {
	case Error:
		return 0
	case Warning:
		return 1
	}
	return 2
}

// Categories group findings in the report; the order here is the order
// of the report within a severity.
const (
	CatInvalid     = "invalid"     // a skill not served: the catalog's error diagnostics
	CatSecurity    = "security"    // findings of the security audit (internal/audit), given in Input.Extra
	CatReference   = "reference"   // a link or image naming no file, or the wrong case
	CatOutside     = "outside"     // a reference leaving the skill folder
	CatShadowed    = "shadowed"    // several skills share a name; one wins
	CatDuplicate   = "duplicate"   // byte-identical SKILL.md files
	CatScript      = "script"      // a script that will not run as written
	CatDescription = "description" // too short or generic for search to place
	CatSpec        = "spec"        // other Agent Skills rules (warnings of served skills)
	CatCatalog     = "catalog"     // problems of the walk: unreadable folders, depth, links
	CatBudget      = "budget"      // the listing cost against an agent budget
)

var categoryOrder = []string{CatInvalid, CatSecurity, CatReference, CatOutside, CatShadowed, CatDuplicate, CatScript, CatDescription, CatSpec, CatCatalog, CatBudget}

// Finding codes doctor adds to the catalog's own (skillmd.Code*).
const (
	CodeShadowed          = "shadowed-name"
	CodeDuplicate         = "duplicate-skill"
	CodeScriptNoShebang   = "script-no-shebang"
	CodeScriptUnsupported = "script-unsupported"
	CodeDescriptionShort  = "description-too-short"
	CodeDescriptionVague  = "description-generic"
	CodeOverBudget        = "listing-over-budget"
)

// Finding is one problem, with where it is and how to fix it.
type Finding struct {
	Severity Severity `json:"severity"`
	Category string   `json:"category"`
	// Code is stable and machine-readable: a skillmd.Code* constant or
	// one of this package's Code* constants.
	Code string `json:"code"`
	// Skill is the id of the skill concerned ("" for catalog-wide
	// findings).
	Skill string `json:"skill,omitempty"`
	File  string `json:"file,omitempty"`
	Line  int    `json:"line,omitempty"`
	// Message says what is wrong; Fix says what to change.
	Message string `json:"message"`
	Fix     string `json:"fix,omitempty"`
	// Related are the other files involved: shadowed copies, duplicates.
	Related []string `json:"related,omitempty"`
}

// Fit is how a prompt listing of the served skills fits one budget (what
// tools.BuildPrompt reports).
type Fit struct {
	// Chars is the length of the fitted listing; FullChars the length
	// with every skill and its full description.
	Chars, FullChars int
	// Total is how many skills the listing holds before fitting: the
	// skills given, less those their authors hid from the model.
	Total int
	// Mode is "full", "shortened", "names" or "left-out".
	Mode           string
	Listed         int
	Omitted        int
	DescriptionCap int
}

// Budget is a common agent budget for the skill listing.
type Budget struct {
	Name string `json:"name"`
	// Chars is the budget in characters; Tokens, when set, is the budget
	// as the agent states it, converted at CharsPerToken.
	Chars  int `json:"chars"`
	Tokens int `json:"tokens,omitempty"`
}

// CharsPerToken is the rough ratio doctor converts characters to tokens
// at, for English prose with a BPE tokenizer.
const CharsPerToken = 4

// DefaultBudgets are the common agent skill-listing budgets: 8,000
// characters (Codex's documented cap on its initial skill list when the
// context window is unknown, developers.openai.com/codex/skills), 15,000
// characters (the order of Claude Code's skill-listing budget), and 1% of
// a 200k-token context.
var DefaultBudgets = []Budget{
	{Name: "8,000 characters", Chars: 8000},
	{Name: "15,000 characters", Chars: 15000},
	{Name: "1% of a 200k-token context", Chars: 2000 * CharsPerToken, Tokens: 2000},
}

// BudgetFit is one budget and what a listing fitted to it keeps.
type BudgetFit struct {
	Budget
	Fits           bool   `json:"fits"`
	Mode           string `json:"mode"`
	Listed         int    `json:"listed"`
	Omitted        int    `json:"omitted"`
	DescriptionCap int    `json:"description_cap,omitempty"`
}

// Listing is the catalog's listing cost: what the prompt block of every
// served skill with its full description costs, and how it fits each
// budget. Skills is how many skills the listing holds: the served skills
// that win their names (Report.Served less Report.Shadowed), less Hidden,
// those whose authors hid them from the model (disable-model-invocation),
// which no listing shows.
type Listing struct {
	Skills    int         `json:"skills"`
	Hidden    int         `json:"hidden"`
	FullChars int         `json:"full_chars"`
	Tokens    int         `json:"tokens_estimate"`
	Budgets   []BudgetFit `json:"budgets"`
}

// Input is what Check examines.
type Input struct {
	// Skills are every skill of the catalog, invalid and shadowed ones
	// included (Catalog.List with both Include options).
	Skills []index.Skill
	// Catalog are the catalog's problems that belong to no skill (the
	// walk's), in the skillmd form.
	Catalog []skillmd.Diagnostic
	// Head returns the start of a file of a served skill (the first line
	// is enough), for shebang checks; nil skips them.
	Head func(s index.Skill, rel string) ([]byte, error)
	// Fit fits the served skills' listing to a budget in characters; nil
	// skips the listing cost.
	Fit func(chars int) (Fit, error)
	// Budgets are the budgets to check; nil means DefaultBudgets.
	Budgets []Budget
	// Extra are findings made elsewhere (the security audit's summary),
	// reported as they are.
	Extra []Finding
}

// Report is the result of Check.
type Report struct {
	Skills   int `json:"skills"`
	Served   int `json:"served"`
	Invalid  int `json:"invalid"`
	Shadowed int `json:"shadowed"`
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
	Infos    int `json:"infos"`
	// Codes counts the findings by code.
	Codes    map[string]int `json:"codes"`
	Listing  *Listing       `json:"listing,omitempty"`
	Findings []Finding      `json:"findings"`
}

// PromptFit returns the listing fitter over skills (the served winners,
// Catalog.List with default options): the XML block listing.BuildPrompt
// renders for an agent's system prompt, fitted to a budget.
func PromptFit(skills []index.Skill) func(chars int) (Fit, error) {
	return func(chars int) (Fit, error) {
		p, err := skilllisting.BuildPrompt(skills, skilllisting.PromptOptions{Budget: chars})
		if err != nil {
			return Fit{}, err
		}
		return Fit{Chars: p.Chars, FullChars: p.FullChars, Total: p.Total, Mode: p.Mode, Listed: p.Listed, Omitted: p.Omitted, DescriptionCap: p.DescriptionCap}, nil
	}
}

// Catalog is what FromCatalog reads: an *index.Catalog, or the shared
// server's answers for one (internal/serve.Catalog).
type Catalog interface {
	List(index.ListOptions) []index.Skill
	Diagnostics() []skillmd.Diagnostic
	ReadFile(ctx context.Context, ref, rel string) (*index.File, error)
}

// FromCatalog gathers Check's input from an open catalog: every skill,
// the walk's diagnostics, file heads read through Catalog.ReadFile (so
// nothing outside a skill folder is read), and PromptFit over the served
// skills as the listing fitter.
func FromCatalog(ctx context.Context, cat Catalog) Input {
	fit := PromptFit(cat.List(index.ListOptions{}))
	skills := cat.List(index.ListOptions{IncludeInvalid: true, IncludeShadowed: true})
	own := map[skillmd.Diagnostic]int{}
	for _, s := range skills {
		for _, d := range s.Diagnostics {
			own[d]++
		}
	}
	var walk []skillmd.Diagnostic
	for _, d := range cat.Diagnostics() {
		switch {
		case d.Code == "shadowed":
			// Check reports shadowing per name, from the skills.
		case own[d] > 0:
			own[d]--
		default:
			walk = append(walk, d)
		}
	}
	head := func(s index.Skill, rel string) ([]byte, error) {
		f, err := cat.ReadFile(ctx, s.ID, rel)
		if err != nil {
			return nil, err
		}
		return []byte(f.Content), nil
	}
	return Input{Skills: skills, Catalog: walk, Head: head, Fit: fit}
}

// Check examines a catalog and returns every finding, sorted by severity,
// then category (in the order of the Cat* constants), skill, file and
// line. An error of Fit is returned as is.
func Check(in Input) (*Report, error) {
	r := &Report{Skills: len(in.Skills), Codes: map[string]int{}, Findings: []Finding{}}
	for _, s := range in.Skills {
		switch {
		case !s.Valid:
			r.Invalid++
		case s.ShadowedBy != "":
			r.Shadowed++
			r.Served++
		default:
			r.Served++
		}
	}
	var fs []Finding
	for _, s := range in.Skills {
		fs = append(fs, diagnostics(s)...)
		fs = append(fs, references(s)...)
		if s.Valid {
			fs = append(fs, description(s)...)
			fs = append(fs, scripts(s, in.Head)...)
		}
	}
	fs = append(fs, in.Extra...)
	fs = append(fs, shadowed(in.Skills)...)
	fs = append(fs, duplicates(in.Skills)...)
	for _, d := range in.Catalog {
		fs = append(fs, Finding{Severity: severity(d.Severity), Category: CatCatalog, Code: d.Code, File: d.File, Line: d.Line, Message: d.Message, Fix: d.Fix})
	}
	if in.Fit != nil {
		l, bf, err := listing(in, r.Served-r.Shadowed)
		if err != nil {
			return nil, err
		}
		r.Listing = l
		fs = append(fs, bf...)
	}
	cat := map[string]int{}
	for i, c := range categoryOrder {
		cat[c] = i
	}
	slices.SortStableFunc(fs, func(a, b Finding) int {
		return cmp.Or(cmp.Compare(a.Severity.rank(), b.Severity.rank()), cmp.Compare(cat[a.Category], cat[b.Category]),
			cmp.Compare(a.Skill, b.Skill), cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Code, b.Code))
	})
	for _, f := range fs {
		switch f.Severity {
		case Error:
			r.Errors++
		case Warning:
			r.Warnings++
		default:
			r.Infos++
		}
		r.Codes[f.Code]++
	}
	r.Findings = append(r.Findings, fs...)
	return r, nil
}

func severity(s skillmd.Severity) Severity {
	if s == skillmd.SeverityError {
		return Error
	}
	return Warning
}

// referenceCodes are the catalog's reference diagnostics; references()
// reports the same problems with the closest existing file instead.
var referenceCodes = map[string]bool{
	skillmd.CodeReferenceBroken: true, skillmd.CodeReferenceCaseMismatch: true, skillmd.CodeReferenceOutside: true,
}

// diagnostics turns a skill's own diagnostics into findings: the errors of
// an invalid skill with the catalog's exact fix, and every other rule as
// a spec finding of its severity.
func diagnostics(s index.Skill) []Finding {
	var out []Finding
	for _, d := range s.Diagnostics {
		if referenceCodes[d.Code] {
			continue
		}
		f := Finding{Severity: severity(d.Severity), Category: CatSpec, Code: d.Code, Skill: s.ID, File: d.File, Line: d.Line, Message: d.Message, Fix: d.Fix}
		if !s.Valid && d.Severity == skillmd.SeverityError {
			f.Category = CatInvalid
			f.Message = "not served: " + d.Message
		}
		out = append(out, f)
	}
	return out
}

// references reports the links and images of SKILL.md that an agent
// following them cannot open: no such file (with the closest existing
// file; a warning, as validate calls it: the skill is still served), the file only under another letter case, or a path out
// of the skill folder.
func references(s index.Skill) []Finding {
	var out []Finding
	var files []string
	for _, r := range s.References {
		f := Finding{Skill: s.ID, File: s.SkillPath(), Line: r.Line}
		switch r.Status {
		case skillmd.RefBroken:
			if files == nil {
				for _, fi := range s.Files {
					files = append(files, fi.Path)
				}
			}
			f.Severity, f.Category, f.Code = Warning, CatReference, skillmd.CodeReferenceBroken
			f.Message = fmt.Sprintf("%s %q names no file in the skill folder", r.Kind, r.Target)
			if c := closest(r.Path, files); c != "" {
				f.Fix = fmt.Sprintf("the closest existing file is %s: change the %s to it", c, r.Kind)
			} else {
				f.Fix = fmt.Sprintf("add %s to the skill folder, or remove the %s", r.Path, r.Kind)
			}
		case skillmd.RefCaseMismatch:
			f.Severity, f.Category, f.Code = Warning, CatReference, skillmd.CodeReferenceCaseMismatch
			f.Message = fmt.Sprintf("%s %q matches %s only when letter case is ignored; it breaks on case-sensitive file systems", r.Kind, r.Target, r.Path)
			f.Fix = fmt.Sprintf("write it as %s", r.Path)
		case skillmd.RefOutside:
			f.Severity, f.Category, f.Code = Warning, CatOutside, skillmd.CodeReferenceOutside
			f.Message = fmt.Sprintf("%s %q points outside the skill folder; it is missing wherever the skill is installed on its own, and skilldex never serves it", r.Kind, r.Target)
			f.Fix = "copy the file into the skill folder (e.g. references/) and link it with a relative path"
		default:
			continue
		}
		out = append(out, f)
	}
	return out
}

// closest names the file a broken reference most likely meant: a file of
// the same base name (any case), else the nearest path by edit distance.
func closest(rel string, files []string) string {
	base := strings.ToLower(path.Base(rel))
	var same []string
	for _, f := range files {
		if strings.ToLower(path.Base(f)) == base {
			same = append(same, f)
		}
	}
	if len(same) > 0 {
		sort.Strings(same)
		return same[0]
	}
	if s := index.Suggest(rel, files, 1); len(s) > 0 {
		return s[0]
	}
	return ""
}

// shadowed reports each name several skills share: which copy agents get
// and where the others are.
func shadowed(skills []index.Skill) []Finding {
	byID := map[string]index.Skill{}
	losers := map[string][]index.Skill{}
	for _, s := range skills {
		byID[s.ID] = s
		if s.ShadowedBy != "" {
			losers[s.ShadowedBy] = append(losers[s.ShadowedBy], s)
		}
	}
	var out []Finding
	for id, ls := range losers {
		w := byID[id]
		sort.Slice(ls, func(i, j int) bool { return ls[i].ID < ls[j].ID })
		var where, related []string
		for _, l := range ls {
			note := ""
			if l.Hash == w.Hash {
				note = ", identical"
			}
			where = append(where, fmt.Sprintf("%s (root %s%s)", l.ID, label(l), note))
			related = append(related, l.SkillPath())
		}
		out = append(out, Finding{Severity: Warning, Category: CatShadowed, Code: CodeShadowed, Skill: w.ID, File: w.SkillPath(), Related: related,
			Message: fmt.Sprintf("name %q is used by %d skills; agents get %s (root %s); %s reachable only by id: %s",
				w.Name, len(ls)+1, w.ID, label(w), plural(len(ls), "the other is", "the others are"), strings.Join(where, ", ")),
			Fix: "rename the copies that do something different, delete the ones that are the same, or reorder the roots (earlier or higher priority wins)"})
	}
	return out
}

func label(s index.Skill) string {
	if s.RootLabel != "" {
		return fmt.Sprintf("#%d, %s", s.Root+1, s.RootLabel)
	}
	return fmt.Sprintf("#%d", s.Root+1)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// duplicates reports skills whose SKILL.md is byte for byte the same
// (equal SHA-256), saying whether their whole folders are.
func duplicates(skills []index.Skill) []Finding {
	byHash := map[string][]index.Skill{}
	for _, s := range skills {
		if s.Hash != "" {
			byHash[s.Hash] = append(byHash[s.Hash], s)
		}
	}
	var out []Finding
	for hash, group := range byHash {
		if len(group) < 2 {
			continue
		}
		sort.Slice(group, func(i, j int) bool { return group[i].ID < group[j].ID })
		ids := make([]string, len(group))
		var related []string
		same := true
		for i, s := range group {
			ids[i] = s.ID
			if i > 0 {
				related = append(related, s.SkillPath())
				same = same && sameFiles(group[0], s)
			}
		}
		what := "identical SKILL.md files (their other files differ)"
		if same {
			what = "identical folders (every file the same)"
		}
		out = append(out, Finding{Severity: Warning, Category: CatDuplicate, Code: CodeDuplicate, Skill: group[0].ID, File: group[0].SkillPath(), Related: related,
			Message: fmt.Sprintf("%d skills are %s, SHA-256 %s…: %s", len(group), what, hash[:12], strings.Join(ids, ", ")),
			Fix:     "keep one copy and delete the others (or link to one folder)"})
	}
	return out
}

func sameFiles(a, b index.Skill) bool {
	if len(a.Files) != len(b.Files) {
		return false
	}
	m := map[string]string{}
	for _, f := range a.Files {
		m[f.Path] = f.Hash
	}
	for _, f := range b.Files {
		if h, ok := m[f.Path]; !ok || h != f.Hash {
			return false
		}
	}
	return true
}

// listing measures the served skills' listing against each budget.
func listing(in Input, served int) (*Listing, []Finding, error) {
	budgets := in.Budgets
	if budgets == nil {
		budgets = DefaultBudgets
	}
	l := &Listing{Skills: served, Budgets: []BudgetFit{}}
	var out []Finding
	for _, b := range budgets {
		f, err := in.Fit(b.Chars)
		if err != nil {
			return nil, nil, fmt.Errorf("listing cost against %s: %w", b.Name, err)
		}
		// The listing leaves out the skills hidden from the model: count
		// what it holds, and say how many are left out, so the numbers
		// agree with skilldex prompt's.
		l.Skills, l.Hidden = f.Total, max(served-f.Total, 0)
		l.FullChars = f.FullChars
		l.Tokens = (f.FullChars + CharsPerToken - 1) / CharsPerToken
		bf := BudgetFit{Budget: b, Fits: f.Mode == "full", Mode: f.Mode, Listed: f.Listed, Omitted: f.Omitted, DescriptionCap: f.DescriptionCap}
		l.Budgets = append(l.Budgets, bf)
		cost := fmt.Sprintf("%d characters", f.FullChars)
		if b.Tokens > 0 {
			cost = fmt.Sprintf("about %d tokens (%d characters at %d per token)", l.Tokens, f.FullChars, CharsPerToken)
		}
		if bf.Fits {
			continue // the report's listing says so; nothing to fix
		}
		var keeps string
		switch f.Mode {
		case "shortened":
			keeps = fmt.Sprintf("every skill with its description cut to %d characters", f.DescriptionCap)
		case "names":
			keeps = "every skill by name only, no descriptions"
		default:
			keeps = fmt.Sprintf("only %s; %s left out of the listing", count(f.Listed, "name"), count(f.Omitted, "skill"))
		}
		held := count(l.Skills, "skill")
		if l.Hidden > 0 {
			held += fmt.Sprintf(" (not counting %s hidden from the model)", count(l.Hidden, "served skill"))
		}
		out = append(out, Finding{Severity: Warning, Category: CatBudget, Code: CodeOverBudget,
			Message: fmt.Sprintf("the listing of %s costs %s, over %s: an agent with that budget sees %s", held, cost, b.Name, keeps),
			Fix:     "serve the catalog through skilldex (agents find skills with search_skills), split it into per-project roots, or shorten the longest descriptions"})
	}
	return l, out, nil
}
