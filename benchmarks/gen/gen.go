// Package gen writes deterministic synthetic skill catalogs for the
// benchmarks and `skilldex bench`. A catalog is a tree of repositories
// (owner__repo/skills/<name>/) like ../shared/corpus, with SKILL.md files
// whose sizes follow the corpus's distribution (measured on its 1,865
// SKILL.md files: median 3.97 KB, p90 14.6 KB, p99 30 KB, one over 100 KB),
// names built from a technical vocabulary, descriptions of 20-80 words,
// 0-5 tags, reference files, scripts and links to them. The same Options
// always give byte-identical files.
package gen

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
)

// HugeSize is the size in bytes of the one SKILL.md every catalog holds at
// the read limit: 1 MiB, the get_skill seed's "files up to 1MB" (tools/testdata/seeds/get-skill-tool.md; the
// catalog's index.MaxFileSize).
const HugeSize = 1 << 20

// HugeName is the name of the skill whose SKILL.md is HugeSize bytes.
const HugeName = "huge-reference-manual"

// Body size distribution: log-normal through the corpus's median and p90
// (sigma = (ln 14,552 - ln 3,969) / 1.2816), clipped to [300 B, 400 KB].
// Its tail puts about 1 skill in 1,000 over 100 KB, as in the corpus.
var (
	bodyMu    = math.Log(3969)
	bodySigma = (math.Log(14552) - math.Log(3969)) / 1.2816
)

const (
	minBody = 300
	maxBody = 400 << 10
	// skillsPerRepo is the mean number of skills per repository folder.
	skillsPerRepo = 40
)

// Options configure Generate.
type Options struct {
	// Skills is the number of skill folders to write (the huge one
	// included); at least 1.
	Skills int
	// Seed makes the catalog: the same seed and count give the same files.
	Seed uint64
}

// Skill describes one generated skill.
type Skill struct {
	Name string
	// Dir is the skill folder, absolute.
	Dir string
	// ID is the folder relative to the catalog root, slash-separated (the
	// catalog's skill id).
	ID string
	// Files are the skill's files other than SKILL.md, slash-separated and
	// relative to Dir.
	Files []string
	// Size is the size of SKILL.md in bytes.
	Size int
}

// Catalog is what Generate wrote.
type Catalog struct {
	// Root is the folder to pass as the skill root.
	Root   string
	Skills []Skill
	// Bytes is the total size of all files written.
	Bytes int64
	// Huge is the index in Skills of the HugeSize SKILL.md.
	Huge int
}

// Generate writes a catalog of opts.Skills skills under root (created if
// missing; existing files with the same names are overwritten). It stops
// with ctx's error when ctx ends (100,000 skills take minutes).
func Generate(ctx context.Context, root string, opts Options) (*Catalog, error) {
	if opts.Skills < 1 {
		return nil, fmt.Errorf("gen: %d skills: want at least 1", opts.Skills)
	}
	root, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	g := newGenerator(opts.Seed)
	cat := &Catalog{Root: root, Huge: opts.Skills / 2}
	names := map[string]bool{}
	repo := ""
	for i := 0; i < opts.Skills; i++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if i%skillsPerRepo == 0 {
			repo = fmt.Sprintf("%s__%s", g.word(), g.repoName(i/skillsPerRepo))
		}
		name := g.skillName(names)
		if i == cat.Huge {
			name = HugeName
		}
		names[name] = true
		id := repo + "/skills/" + name
		s, n, err := g.writeSkill(filepath.Join(root, filepath.FromSlash(id)), name, i == cat.Huge)
		if err != nil {
			return nil, err
		}
		s.ID = id
		cat.Skills = append(cat.Skills, s)
		cat.Bytes += n
	}
	return cat, nil
}

type generator struct {
	r     *rand.Rand
	zipf  *rand.Zipf
	vocab []string
}

func newGenerator(seed uint64) *generator {
	r := rand.New(rand.NewPCG(seed, seed^0x5ca1ab1e))
	g := &generator{r: r}
	// A real-word core for names, descriptions and queries, then
	// pronounceable pseudo-words for the long tail of body vocabulary.
	g.vocab = append(g.vocab, words...)
	seen := map[string]bool{}
	for _, w := range words {
		seen[w] = true
	}
	for len(g.vocab) < 30000 {
		w := g.pseudoWord()
		if !seen[w] {
			seen[w] = true
			g.vocab = append(g.vocab, w)
		}
	}
	// Shuffled so the most frequent words of running text are a mix of
	// real and pseudo-words rather than the alphabetically first ones.
	r.Shuffle(len(g.vocab), func(i, j int) { g.vocab[i], g.vocab[j] = g.vocab[j], g.vocab[i] })
	g.zipf = rand.NewZipf(r, 1.07, 2, uint64(len(g.vocab)-1))
	return g
}

var syllables = strings.Fields("ka lo mi ne ra su te vo zi da fe go hu ji pa qui ro sa ti ul ven wex yo bra cle dri fla gro plu stri tor")

func (g *generator) pseudoWord() string {
	var b strings.Builder
	for n := 2 + g.r.IntN(3); n > 0; n-- {
		b.WriteString(syllables[g.r.IntN(len(syllables))])
	}
	return b.String()
}

// word is a real word, uniformly.
func (g *generator) word() string { return words[g.r.IntN(len(words))] }

// textWord is a word of running text: Zipf-distributed over the vocabulary,
// so common words dominate and the tail is long, as in real prose.
func (g *generator) textWord() string { return g.vocab[g.zipf.Uint64()] }

func (g *generator) repoName(i int) string {
	return fmt.Sprintf("%s-%s-skills-%d", g.word(), g.word(), i)
}

// skillName is a kebab-case name of 2-3 real words, unique in the catalog.
func (g *generator) skillName(taken map[string]bool) string {
	for try := 0; ; try++ {
		parts := []string{verbs[g.r.IntN(len(verbs))], g.word()}
		if g.r.IntN(2) == 0 {
			parts = append(parts, g.word())
		}
		name := strings.Join(parts, "-")
		if try > 5 {
			name = fmt.Sprintf("%s-%d", name, try)
		}
		if !taken[name] && len(name) <= 64 {
			return name
		}
	}
}

func (g *generator) sentence(n int, real bool) string {
	ws := make([]string, n)
	for i := range ws {
		if real {
			ws[i] = g.word()
		} else {
			ws[i] = g.textWord()
		}
	}
	s := strings.Join(ws, " ")
	return strings.ToUpper(s[:1]) + s[1:] + "."
}

func (g *generator) description(name string) string {
	n := 20 + g.r.IntN(61)
	what := strings.ReplaceAll(name, "-", " ")
	// The fixed words: "Helps", the name's words, "for X projects.", and
	// the eleven of the "Use when" sentence.
	fill := max(3, n-15-len(strings.Fields(what)))
	return fmt.Sprintf("Helps %s for %s projects. %s Use when the user asks to %s or mentions %s.",
		what, g.word(), g.sentence(fill, true), verbs[g.r.IntN(len(verbs))]+" "+g.word(), g.word())
}

func (g *generator) bodySize() int {
	v := math.Exp(bodyMu + bodySigma*g.r.NormFloat64())
	return int(min(max(v, minBody), maxBody))
}

// refCount draws the number of files beside SKILL.md: about half the
// corpus's skills have none, a few dozen have ten or more.
func (g *generator) refCount() int {
	switch p := g.r.IntN(100); {
	case p < 50:
		return 0
	case p < 63:
		return 1
	case p < 88:
		return 2 + g.r.IntN(3)
	case p < 98:
		return 5 + g.r.IntN(6)
	default:
		return 11 + g.r.IntN(20)
	}
}

func (g *generator) writeSkill(dir, name string, huge bool) (Skill, int64, error) {
	s := Skill{Name: name, Dir: dir}
	var written int64
	write := func(rel string, data []byte) error {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		written += int64(len(data))
		return os.WriteFile(p, data, 0o644)
	}
	for i, n := 0, g.refCount(); i < n; i++ {
		var rel string
		var data string
		if i%4 == 3 {
			rel = fmt.Sprintf("scripts/%s_%d.py", g.word(), i)
			data = fmt.Sprintf("#!/usr/bin/env python3\n\"\"\"%s\"\"\"\nimport sys\n\nprint(%q, sys.argv[1:])\n", g.sentence(8, true), g.word())
		} else {
			rel = fmt.Sprintf("references/%s-%d.md", g.word(), i)
			data, _ = g.markdown(1000+g.r.IntN(15000), nil)
		}
		s.Files = append(s.Files, rel)
		if err := write(rel, []byte(data)); err != nil {
			return s, written, err
		}
	}
	var fm strings.Builder
	fmt.Fprintf(&fm, "---\nname: %s\ndescription: %q\n", name, g.description(name))
	// Tags as the corpus writes them: a top-level list (which the Agent
	// Skills spec does not define: a warning in lenient mode) or a string
	// under metadata.
	if t := g.r.IntN(6); t > 0 {
		tags := make([]string, t)
		for i := range tags {
			tags[i] = g.word()
		}
		if g.r.IntN(2) == 0 {
			fmt.Fprintf(&fm, "tags: [%s]\n", strings.Join(tags, ", "))
		} else {
			fmt.Fprintf(&fm, "metadata:\n  tags: %q\n", strings.Join(tags, ", "))
		}
	}
	if g.r.IntN(3) == 0 {
		fm.WriteString("license: MIT\n")
	}
	fm.WriteString("---\n\n")
	// The drawn size is the whole file's, as measured on the corpus.
	size := g.bodySize()
	if huge {
		size = HugeSize
	}
	body, head := g.markdown(size-fm.Len(), s.Files)
	content := fm.String() + body
	if len(content) > size {
		// Cut at a word, never into the frontmatter or the links.
		if cut := strings.LastIndexAny(content[:size], " \n"); cut > fm.Len()+head {
			content = content[:cut] + "\n"
		}
	}
	if huge && len(content) < HugeSize {
		content += strings.Repeat("\n", HugeSize-len(content))
	}
	s.Size = len(content)
	return s, written + int64(len(content)), write("SKILL.md", []byte(content))
}

// markdown writes about size bytes of headings, paragraphs, lists, code and
// links (to refs, the skill's own files, and to the web). head is the
// length of the title and the links to refs, which must stay.
func (g *generator) markdown(size int, refs []string) (text string, head int) {
	var b strings.Builder
	b.Grow(max(size, 0) + 256)
	fmt.Fprintf(&b, "# %s\n\n", g.sentence(3, true))
	for i, r := range refs {
		fmt.Fprintf(&b, "- See [%s](%s) for %s\n", filepath.Base(r), r, strings.ToLower(g.sentence(4, false)))
		if i == len(refs)-1 {
			b.WriteString("\n")
		}
	}
	head = b.Len()
	for b.Len() < size {
		switch g.r.IntN(8) {
		case 0:
			fmt.Fprintf(&b, "## %s\n\n", g.sentence(2+g.r.IntN(4), true))
		case 1:
			for n := 2 + g.r.IntN(4); n > 0; n-- {
				fmt.Fprintf(&b, "- %s\n", g.sentence(4+g.r.IntN(10), false))
			}
			b.WriteString("\n")
		case 2:
			fmt.Fprintf(&b, "```bash\n%s --%s %s.%s\n```\n\n", g.word(), g.word(), g.word(), g.word())
		case 3:
			fmt.Fprintf(&b, "Read the [%s guide](https://example.com/%s/%s) before you %s.\n\n", g.word(), g.word(), g.word(), g.sentence(5, false))
		default:
			for n := 2 + g.r.IntN(4); n > 0; n-- {
				b.WriteString(g.sentence(6+g.r.IntN(18), false))
				b.WriteString(" ")
			}
			b.WriteString("\n\n")
		}
	}
	return b.String(), head
}

// Queries returns n search queries for a catalog made with seed: words of
// real names and descriptions, a few misspelt, a few body-only words, so a
// query set exercises every ranking path. The same arguments give the same
// queries.
func Queries(seed uint64, n int) []string {
	g := newGenerator(seed ^ 0x9e3779b97f4a7c15)
	out := make([]string, 0, n)
	for i := 0; i < n; i++ {
		var q string
		switch i % 5 {
		case 0:
			q = verbs[g.r.IntN(len(verbs))] + " " + g.word()
		case 1:
			q = fmt.Sprintf("%s %s %s for %s", verbs[g.r.IntN(len(verbs))], g.word(), g.word(), g.word())
		case 2:
			w := []byte(g.word())
			if len(w) > 4 { // one transposition: the typo-correction path
				w[1], w[2] = w[2], w[1]
			}
			q = string(w) + " " + g.word()
		case 3:
			q = g.textWord() + " " + g.vocab[len(words)+g.r.IntN(len(g.vocab)-len(words))]
		default:
			q = fmt.Sprintf("how do I %s a %s %s", verbs[g.r.IntN(len(verbs))], g.word(), g.word())
		}
		out = append(out, q)
	}
	return out
}
