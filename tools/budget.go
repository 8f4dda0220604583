package tools

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/skilldex/skilldex/index"
)

// minDescCap is the shortest a shortened description gets (in
// characters): below it a description says too little to be worth its
// room, and fitList lists names only instead.
const minDescCap = 40

// listEntry is one skill in a dynamic skill list.
type listEntry struct {
	name, desc, location string
}

// listFormat renders the entries of one profile's list.
type listFormat struct {
	// full renders an entry with a description (possibly shortened).
	full func(e listEntry, desc string) string
	// nameOnly renders an entry without its description.
	nameOnly func(e listEntry) string
}

// fitMode says how much of a list fitList kept.
type fitMode int

const (
	fitFull      fitMode = iota // every entry with its full description
	fitShortened                // every entry, descriptions shortened to descCap
	fitNames                    // every entry, names only
	fitLeftOut                  // names only, and only the first listed entries
)

// fitted is a rendered list that fits its budget.
type fitted struct {
	text    string
	mode    fitMode
	descCap int // the description cap when mode is fitShortened
	listed  int // entries in text
	omitted int // entries left out (mode fitLeftOut)
}

// fitList renders entries one per item, joined by newlines, within budget
// characters (Unicode code points), by the rule: the full list if
// it fits; else every description shortened to the longest common cap
// (at least minDescCap) that fits; else names only; else names only of
// the first entries that fit, counting the others as omitted. Cost: a few
// passes over the entries, no rendering per attempt.
func fitList(entries []listEntry, budget int, f listFormat) fitted {
	n := len(entries)
	if n == 0 {
		return fitted{}
	}
	overhead := make([]int, n) // characters of an entry with an empty description
	descLen := make([]int, n)
	full, maxDesc := n-1, 0 // n-1 newlines
	for i, e := range entries {
		overhead[i] = utf8.RuneCountInString(f.full(e, ""))
		descLen[i] = utf8.RuneCountInString(e.desc)
		full += overhead[i] + descLen[i]
		maxDesc = max(maxDesc, descLen[i])
	}
	render := func(k int, item func(e listEntry) string) string {
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
		return fitted{text: render(n, func(e listEntry) string { return f.full(e, e.desc) }), mode: fitFull, listed: n}
	}
	// cost(c) bounds the length with every description cut to c
	// characters; shorten never makes one longer.
	cost := func(c int) int {
		t := n - 1
		for i := range entries {
			t += overhead[i] + min(descLen[i], c)
		}
		return t
	}
	if maxDesc > minDescCap && cost(minDescCap) <= budget {
		// The largest cap in [minDescCap, maxDesc) that fits.
		c := minDescCap + sort.Search(maxDesc-minDescCap, func(k int) bool { return cost(minDescCap+k+1) > budget })
		return fitted{text: render(n, func(e listEntry) string { return f.full(e, shorten(e.desc, c)) }), mode: fitShortened, descCap: c, listed: n}
	}
	names, k := -1, 0
	for _, e := range entries {
		l := utf8.RuneCountInString(f.nameOnly(e)) + 1
		if names+l > budget {
			break
		}
		names += l
		k++
	}
	if k == n {
		return fitted{text: render(n, f.nameOnly), mode: fitNames, listed: n}
	}
	return fitted{text: render(k, f.nameOnly), mode: fitLeftOut, listed: k, omitted: n - k}
}

// shorten cuts s to at most c characters, at a word boundary when one is
// in the second half, ending in "…".
func shorten(s string, c int) string {
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

// note says how a list was cut to fit its budget, for the end of a dynamic
// tool description; "" when nothing was cut. who names the tool for the
// advice on unlisted skills.
func (f fitted) note(budget int, who string) string {
	switch f.mode {
	case fitShortened:
		return fmt.Sprintf("Note: descriptions are shortened to at most %d characters (marked …) to keep the skill list within its %d-character budget.", f.descCap, budget)
	case fitNames:
		return fmt.Sprintf("Note: only skill names are listed, without descriptions, to keep the skill list within its %d-character budget.", budget)
	case fitLeftOut:
		return fmt.Sprintf("Note: %d skills are available; to keep the skill list within its %d-character budget only names are listed and %d skills were left out. "+
			"%s with the name of any skill, listed or not: an unknown name answers with the closest matches.", f.listed+f.omitted, budget, f.omitted, who)
	}
	return ""
}

// orderFirst returns entries with those named in first (in that order)
// moved to the front; the rest keep their order. Not-found answers use it
// to put the closest matches where a cut list still shows them.
func orderFirst(entries []listEntry, first []string) []listEntry {
	if len(first) == 0 {
		return entries
	}
	pos := map[string]int{}
	for i, e := range entries {
		if _, ok := pos[e.name]; !ok {
			pos[e.name] = i
		}
	}
	out := make([]listEntry, 0, len(entries))
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

// byRoot returns the served skills (winners of their names) in root
// priority order, then by name: the order the universal seed scans its
// directories in ("Priority Order (first match wins)").
func byRoot(skills []index.Skill) []index.Skill {
	sort.SliceStable(skills, func(i, j int) bool { return skills[i].Root < skills[j].Root })
	return skills
}
