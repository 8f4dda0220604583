package listing

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/skilldex/skilldex/index"
)

// DefaultBudget is the default budget, in characters (Unicode code
// points), of a skill listing: 8,000, the budget agents commonly give the
// skill list of a system prompt or a dynamic tool description.
const DefaultBudget = 8000

// MinDescCap is the shortest a shortened description gets (in
// characters): below it a description says too little to be worth its
// room, and Fit lists names only instead.
const MinDescCap = 40

// Entry is one skill in a listing.
type Entry struct {
	Name, Description string
	// Location is what the format shows as the skill's place: a path, or
	// a profile's word for its root (project, global).
	Location string
}

// Format renders the entries of one listing.
type Format struct {
	// Full renders an entry with a description (possibly shortened).
	Full func(e Entry, desc string) string
	// NameOnly renders an entry without its description.
	NameOnly func(e Entry) string
}

// Mode says how much of a listing Fit kept, from most to least complete.
type Mode int

const (
	ModeFull      Mode = iota // every entry with its full description
	ModeShortened             // every entry, descriptions shortened to DescCap
	ModeNames                 // every entry, names only
	ModeLeftOut               // names only, and only the first Listed entries
)

// String is the mode's word: FitFull, FitShortened, FitNames or
// FitLeftOut.
func (m Mode) String() string {
	return [...]string{FitFull, FitShortened, FitNames, FitLeftOut}[m]
}

// Fitted is a rendered listing that fits its budget.
type Fitted struct {
	Text    string
	Mode    Mode
	DescCap int // the description cap when Mode is ModeShortened
	Listed  int // entries in Text
	Omitted int // entries left out (ModeLeftOut)
}

// Fit renders entries one per item, joined by newlines, within budget
// characters (Unicode code points), by this rule: the full list if it
// fits; else every description shortened to the longest common cap (at
// least MinDescCap) that fits; else names only; else names only of the
// first entries that fit, counting the others as omitted. Cost: a few
// passes over the entries, no rendering per attempt.
func Fit(entries []Entry, budget int, f Format) Fitted {
	n := len(entries)
	if n == 0 {
		return Fitted{}
	}
	overhead := make([]int, n) // characters of an entry with an empty description
	descLen := make([]int, n)
	full, maxDesc := n-1, 0 // n-1 newlines
	for i, e := range entries {
		overhead[i] = utf8.RuneCountInString(f.Full(e, ""))
		descLen[i] = utf8.RuneCountInString(e.Description)
		full += overhead[i] + descLen[i]
		maxDesc = max(maxDesc, descLen[i])
	}
	render := func(k int, item func(e Entry) string) string {
		var b strings.Builder
		for i, e := range entries[:k] {
			if i > 0 {
				b.WriteByte('\n')
			}
			b.WriteString(item(e))
		}
		return b.String()
	}
	if full <= budget {
		return Fitted{Text: render(n, func(e Entry) string { return f.Full(e, e.Description) }), Mode: ModeFull, Listed: n}
	}
	// cost(c) bounds the length with every description cut to c
	// characters; Shorten never makes one longer.
	cost := func(c int) int {
		t := n - 1
		for i := range entries {
			t += overhead[i] + min(descLen[i], c)
		}
		return t
	}
	if maxDesc > MinDescCap && cost(MinDescCap) <= budget {
		// The largest cap in [MinDescCap, maxDesc) that fits.
		c := MinDescCap + sort.Search(maxDesc-MinDescCap, func(k int) bool { return cost(MinDescCap+k+1) > budget })
		return Fitted{Text: render(n, func(e Entry) string { return f.Full(e, Shorten(e.Description, c)) }), Mode: ModeShortened, DescCap: c, Listed: n}
	}
	names, k := -1, 0
	for _, e := range entries {
		l := utf8.RuneCountInString(f.NameOnly(e)) + 1
		if names+l > budget {
			break
		}
		names += l
		k++
	}
	if k == n {
		return Fitted{Text: render(n, f.NameOnly), Mode: ModeNames, Listed: n}
	}
	return Fitted{Text: render(k, f.NameOnly), Mode: ModeLeftOut, Listed: k, Omitted: n - k}
}

// Shorten cuts s to at most c characters (c >= 1), at a word boundary
// when one is in the second half, ending in "…".
func Shorten(s string, c int) string {
	if utf8.RuneCountInString(s) <= c {
		return s
	}
	r := []rune(s)[:c-1]
	if i := lastSpace(r); i > len(r)/2 {
		r = r[:i]
	}
	return strings.TrimRightFunc(string(r), unicode.IsSpace) + "…"
}

func lastSpace(r []rune) int {
	for i := len(r) - 1; i >= 0; i-- {
		if unicode.IsSpace(r[i]) {
			return i
		}
	}
	return -1
}

// Note says how a listing was cut to fit its budget, for the end of a
// dynamic tool description; "" when nothing was cut. who names the tool
// for the advice on unlisted skills ("Invoke this tool").
func (f Fitted) Note(budget int, who string) string {
	switch f.Mode {
	case ModeShortened:
		return fmt.Sprintf("Note: descriptions are shortened to at most %d characters (marked …) to keep the skill list within its %d-character budget.", f.DescCap, budget)
	case ModeNames:
		return fmt.Sprintf("Note: only skill names are listed, without descriptions, to keep the skill list within its %d-character budget.", budget)
	case ModeLeftOut:
		return fmt.Sprintf("Note: %d skills are available; to keep the skill list within its %d-character budget only names are listed and %d skills were left out. "+
			"%s with the name of any skill, listed or not: an unknown name answers with the closest matches.", f.Listed+f.Omitted, budget, f.Omitted, who)
	}
	return ""
}

// OrderFirst returns entries with those named in first (in that order)
// moved to the front; the rest keep their order. Not-found answers use it
// to put the closest matches where a cut list still shows them.
func OrderFirst(entries []Entry, first []string) []Entry {
	if len(first) == 0 {
		return entries
	}
	pos := map[string]int{}
	for i, e := range entries {
		if _, ok := pos[e.Name]; !ok {
			pos[e.Name] = i
		}
	}
	out := make([]Entry, 0, len(entries))
	taken := map[int]bool{}
	for _, name := range first {
		if i, ok := pos[name]; ok && !taken[i] {
			taken[i] = true
			out = append(out, entries[i])
		}
	}
	for i, e := range entries {
		if !taken[i] {
			out = append(out, e)
		}
	}
	return out
}

// ByRoot sorts skills (in place, stably) in root priority order, keeping
// the given order (by name, as Catalog.List returns them) within a root,
// and returns them: the order the universal seed scans its directories
// in (tools/testdata/seeds/mcp-skill-tool.md, "Priority Order (first
// match wins)").
func ByRoot(skills []index.Skill) []index.Skill {
	sort.SliceStable(skills, func(i, j int) bool { return skills[i].Root < skills[j].Root })
	return skills
}

func runes(s string) int { return utf8.RuneCountInString(s) }
