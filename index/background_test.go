package index

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/skilldex/skilldex/search"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

// bodyCatalog writes n skills whose body holds a word found nowhere else
// ("bodyword007"), so a search for it proves the body is indexed.
func bodyCatalog(t *testing.T, n int) string {
	t.Helper()
	root := t.TempDir()
	for i := 0; i < n; i++ {
		name := fmt.Sprintf("skill-%03d", i)
		body := fmt.Sprintf("# Notes\n\nThis text mentions bodyword%03d once, among filler prose about widgets.\n", i)
		writeFile(t, filepath.Join(root, name, "SKILL.md"), skillMD(name, fmt.Sprintf("Skill number %d handles widgets.", i), body))
	}
	return root
}

// waitBodies waits for the background pass to finish; the deadline only
// catches a pass that hangs.
func waitBodies(t *testing.T, c *Catalog) {
	t.Helper()
	deadline := time.Now().Add(hangLimit)
	for c.BodiesPending() > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("%d bodies still pending after %v", c.BodiesPending(), hangLimit)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// topHit returns the id of the best hit for q, or "".
func topHit(t *testing.T, c *Catalog, q string) string {
	t.Helper()
	res, err := c.Search(context.Background(), SearchRequest{Query: q})
	must(t, err)
	if len(res.Hits) == 0 {
		return ""
	}
	return res.Hits[0].ID
}

// indexedIDs is the search index's view of the catalog.
func indexedIDs(t *testing.T, c *Catalog) []string {
	t.Helper()
	ids, err := c.pair.ix.IDs()
	must(t, err)
	return ids
}

// servedIDs are the ids of the valid skills, sorted.
func servedIDs(c *Catalog) []string {
	var out []string
	for _, s := range c.List(ListOptions{IncludeShadowed: true}) {
		out = append(out, s.ID)
	}
	sort.Strings(out)
	return out
}

func TestBackgroundBodies(t *testing.T) {
	root := bodyCatalog(t, 150)
	data := t.TempDir()
	c := open(t, &Options{Roots: []Root{{Path: root}}, DataDir: data, BackgroundBodies: true})
	// Open returned: every skill is listed and found by name at once.
	if n := c.Len(); n != 150 {
		t.Fatalf("Len = %d, want 150", n)
	}
	if got := topHit(t, c, "skill-042"); got != "skill-042" {
		t.Errorf("name search before bodies: top hit %q", got)
	}
	waitBodies(t, c)
	for _, i := range []int{0, 77, 149} {
		want := fmt.Sprintf("skill-%03d", i)
		if got := topHit(t, c, fmt.Sprintf("bodyword%03d", i)); got != want {
			t.Errorf("body search after the pass: top hit %q, want %q", got, want)
		}
	}
	if ids := c.pair.stateIDs(bodiesKey); len(ids) != 0 {
		t.Errorf("finished pass left %d ids recorded", len(ids))
	}
	// One edited skill is indexed whole by its refresh: nothing deferred.
	time.Sleep(10 * time.Millisecond)
	writeFile(t, filepath.Join(root, "skill-003", "SKILL.md"), skillMD("skill-003", "Skill three.", "now about freshword"))
	_, err := c.RefreshPaths(context.Background(), []string{filepath.Join(root, "skill-003", "SKILL.md")})
	must(t, err)
	if n := c.BodiesPending(); n != 0 {
		t.Errorf("a one-skill refresh deferred %d bodies", n)
	}
	if got := topHit(t, c, "freshword"); got != "skill-003" {
		t.Errorf("edited body: top hit %q", got)
	}
}

// TestBodiesNeverResurrect queues bodies of skills that were removed or
// changed since (as when a refresh lands while the pass is behind) and
// runs the pass: it must index nothing removed and nothing stale.
func TestBodiesNeverResurrect(t *testing.T) {
	root := bodyCatalog(t, 80)
	c := open(t, &Options{Roots: []Root{{Path: root}}, DataDir: t.TempDir(), BackgroundBodies: true})
	waitBodies(t, c)
	ctx := context.Background()
	must(t, os.RemoveAll(filepath.Join(root, "skill-007")))
	time.Sleep(10 * time.Millisecond)
	writeFile(t, filepath.Join(root, "skill-008", "SKILL.md"), skillMD("skill-008", "Skill eight.", "replaced by newword"))
	writeFile(t, filepath.Join(root, "skill-009", "SKILL.md"), "---\nname: [broken\n---\n")
	_, err := c.Refresh(ctx)
	must(t, err)

	// Stop the background goroutine and drive the pass by hand.
	c.body.close()
	c.bodies.add("skill-007", "skill-008", "skill-009", "never-existed")
	for {
		more, err := c.body.indexBodyChunk(ctx)
		must(t, err)
		if !more {
			break
		}
	}
	if got, want := indexedIDs(t, c), servedIDs(c); !slices.Equal(got, want) {
		t.Errorf("index holds %d ids, catalog serves %d; removed or invalid skills resurrected: %v",
			len(got), len(want), diff(got, want))
	}
	if got := topHit(t, c, "bodyword008"); got == "skill-008" {
		t.Error("stale body of skill-008 indexed again")
	}
	if got := topHit(t, c, "newword"); got != "skill-008" {
		t.Errorf("current body of skill-008: top hit %q", got)
	}
}

// diff lists the ids in a but not in b and those in b but not in a.
func diff(a, b []string) []string {
	var out []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, "+"+x)
		}
	}
	for _, x := range b {
		if !slices.Contains(a, x) {
			out = append(out, "-"+x)
		}
	}
	return out
}

// TestBodiesRacingRefreshes removes and edits skills while the background
// pass runs, in whatever interleaving the scheduler gives, and checks the
// index ends exactly in agreement with the folders.
func TestBodiesRacingRefreshes(t *testing.T) {
	root := bodyCatalog(t, 300)
	c := open(t, &Options{Roots: []Root{{Path: root}}, DataDir: t.TempDir(), BackgroundBodies: true})
	ctx := context.Background()
	time.Sleep(10 * time.Millisecond)
	for i := 0; i < 300; i += 15 {
		dir := filepath.Join(root, fmt.Sprintf("skill-%03d", i))
		if i%2 == 0 {
			must(t, os.RemoveAll(dir))
		} else {
			writeFile(t, filepath.Join(dir, "SKILL.md"), skillMD(filepath.Base(dir), "Edited.", fmt.Sprintf("edited%03d", i)))
		}
		_, err := c.RefreshPaths(ctx, []string{dir})
		must(t, err)
	}
	waitBodies(t, c)
	if got, want := indexedIDs(t, c), servedIDs(c); !slices.Equal(got, want) {
		t.Errorf("index and catalog disagree: %v", diff(got, want))
	}
	for i := 0; i < 300; i += 15 {
		id := fmt.Sprintf("skill-%03d", i)
		if got := topHit(t, c, fmt.Sprintf("bodyword%03d", i)); got == id {
			t.Errorf("old body of %s still indexed", id)
		}
		if i%2 == 1 {
			if got := topHit(t, c, fmt.Sprintf("edited%03d", i)); got != id {
				t.Errorf("edited body of %s: top hit %q", id, got)
			}
		}
	}
}

// TestBodiesAfterCrash leaves metadata-only documents and the list of
// deferred bodies behind, as a process killed during the background pass
// does, and checks the next Open completes the bodies in either mode.
func TestBodiesAfterCrash(t *testing.T) {
	for _, background := range []bool{false, true} {
		t.Run(fmt.Sprintf("background=%v", background), func(t *testing.T) {
			t.Parallel()
			root, data := bodyCatalog(t, 100), t.TempDir()
			opts := func() *Options {
				return &Options{Roots: []Root{{Path: root}}, DataDir: data, BackgroundBodies: background}
			}
			c, err := Open(context.Background(), &Options{Roots: []Root{{Path: root}}, DataDir: data})
			must(t, err)
			var docs []search.Doc
			for _, s := range c.List(ListOptions{IncludeInvalid: true, IncludeShadowed: true}) {
				docs = append(docs, docFor(&s, ""))
				c.bodies.add(s.ID)
			}
			must(t, c.pair.ix.Index(docs...))
			w := c.ref.lockWrite()
			must(t, c.bodies.save(w, c.pair.st))
			w.unlock()
			if got := topHit(t, c, "bodyword050"); got != "" {
				t.Fatalf("setup: bodies still indexed (%q)", got)
			}
			must(t, c.Close())

			c = open(t, opts())
			waitBodies(t, c)
			if got := topHit(t, c, "bodyword050"); got != "skill-050" {
				t.Errorf("after reopen: top hit %q, want skill-050", got)
			}
			if ids := c.pair.stateIDs(bodiesKey); len(ids) != 0 {
				t.Errorf("%d ids still recorded as deferred", len(ids))
			}
		})
	}
}

// TestCloseStopsBodies closes a catalog while its background pass runs:
// Close returns (how fast is the bench's business; the deadline only
// catches a hang) and the next Open finishes the job.
func TestCloseStopsBodies(t *testing.T) {
	root, data := bodyCatalog(t, 300), t.TempDir()
	opts := &Options{Roots: []Root{{Path: root}}, DataDir: data, BackgroundBodies: true}
	c, err := Open(context.Background(), opts)
	must(t, err)
	closed := make(chan error, 1)
	go func() { closed <- c.Close() }()
	select {
	case err := <-closed:
		must(t, err)
	case <-time.After(hangLimit):
		t.Fatal("Close hangs while the background pass runs")
	}
	c = open(t, opts)
	waitBodies(t, c)
	for _, i := range []int{1, 150, 299} {
		if got, want := topHit(t, c, fmt.Sprintf("bodyword%03d", i)), fmt.Sprintf("skill-%03d", i); got != want {
			t.Errorf("top hit %q, want %q", got, want)
		}
	}
	if strings.Join(indexedIDs(t, c), ",") != strings.Join(servedIDs(c), ",") {
		t.Error("index and catalog disagree after the resumed pass")
	}
}

// TestDeferredMatchesFull builds the same folders with and without
// BackgroundBodies: once the background pass is done, every record
// (references, diagnostics, file hashes) and the content cache must be
// what a full build makes, for valid and broken skills alike.
func TestDeferredMatchesFull(t *testing.T) {
	root := bodyCatalog(t, 90)
	writeFile(t, filepath.Join(root, "skill-010", "SKILL.md"), skillMD("skill-010", "Links.",
		"See [guide](references/guide.md) and [gone](references/nope.md)."))
	writeFile(t, filepath.Join(root, "skill-010", "references", "guide.md"), "the guide")
	writeFile(t, filepath.Join(root, "skill-011", "SKILL.md"), "---\nname: skill-011\ndescription: [unclosed\n---\nbody")
	writeFile(t, filepath.Join(root, "skill-012", "SKILL.md"), skillMD("skill-012", "Not text.", "a\x00b"))
	writeFile(t, filepath.Join(root, "Skill_013", "SKILL.md"), skillMD("Skill_013", "Bad name.", "body"))
	writeFile(t, filepath.Join(root, "skill-014", "SKILL.md"), strings.ReplaceAll(skillMD("skill-014", "CRLF line ends.", "See [x](x.md).\n"), "\n", "\r\n"))
	writeFile(t, filepath.Join(root, "skill-015", "SKILL.md"), "\ufeff"+skillMD("skill-015", "Starts with a BOM.", "See [y](y.md)."))
	writeFile(t, filepath.Join(root, "skill-016", "SKILL.md"), "no frontmatter at all, see [z](z.md)")
	writeFile(t, filepath.Join(root, "skill-017", "SKILL.md"), "---\nname: skill-017\ndescription: never closed\n")
	records := func(background bool) (string, *Catalog) {
		c := open(t, &Options{Roots: []Root{{Path: root}}, DataDir: t.TempDir(), BackgroundBodies: background})
		waitBodies(t, c)
		var b strings.Builder
		for _, s := range c.List(ListOptions{IncludeInvalid: true, IncludeShadowed: true}) {
			data, err := json.Marshal(s)
			must(t, err)
			b.Write(data)
			b.WriteString("\n")
		}
		return b.String(), c
	}
	full, _ := records(false)
	deferred, c := records(true)
	if full != deferred {
		t.Errorf("records differ:\nfull:\n%s\ndeferred:\n%s", full, deferred)
	}
	if got, err := c.pair.st.File("skill-010", "references/guide.md"); err != nil || string(got) != "the guide" {
		t.Errorf("reference file not cached by the background pass: %q, %v", got, err)
	}
	s, err := c.Resolve("skill-010")
	must(t, err)
	if len(s.References) != 2 {
		t.Errorf("skill-010 references: %+v", s.References)
	}
}

// TestLostIndexBackground deletes the search index of a built catalog: the
// next Open with BackgroundBodies rebuilds it from the store, names first
// and bodies in the background.
func TestLostIndexBackground(t *testing.T) {
	root, data := bodyCatalog(t, 120), t.TempDir()
	c, err := Open(context.Background(), &Options{Roots: []Root{{Path: root}}, DataDir: data})
	must(t, err)
	dd := c.DataDir()
	must(t, c.Close())
	must(t, os.RemoveAll(filepath.Join(dd, "search.bleve")))

	c = open(t, &Options{Roots: []Root{{Path: root}}, DataDir: data, BackgroundBodies: true})
	if got := topHit(t, c, "skill-099"); got != "skill-099" {
		t.Errorf("name search right after the rebuild: top hit %q", got)
	}
	waitBodies(t, c)
	if got := topHit(t, c, "bodyword099"); got != "skill-099" {
		t.Errorf("body search after the pass: top hit %q", got)
	}
	if got, want := indexedIDs(t, c), servedIDs(c); !slices.Equal(got, want) {
		t.Errorf("index and catalog disagree: %v", diff(got, want))
	}
}

// buildCalls records Options.OnBuild calls.
type buildCalls struct {
	mu            sync.Mutex
	depth, starts int
	negative      bool
}

func (b *buildCalls) on(building bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if building {
		b.depth++
		b.starts++
	} else if b.depth--; b.depth < 0 {
		b.negative = true
	}
}

func (b *buildCalls) get() (depth, starts int, negative bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.depth, b.starts, b.negative
}

// TestOnBuild: a cold build calls OnBuild around the refresh that writes
// it and around the body pass's run, in pairs; a one-skill refresh is no
// build.
func TestOnBuild(t *testing.T) {
	root := bodyCatalog(t, 150)
	var b buildCalls
	c := open(t, &Options{Roots: []Root{{Path: root}}, DataDir: t.TempDir(), BackgroundBodies: true, OnBuild: b.on})
	waitBodies(t, c)
	deadline := time.Now().Add(hangLimit)
	for {
		depth, starts, negative := b.get()
		if negative {
			t.Fatal("OnBuild(false) without a matching OnBuild(true)")
		}
		if depth == 0 {
			if starts < 2 {
				t.Fatalf("%d builds reported, want the cold refresh and the body pass", starts)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("a build still reported running %v after the bodies were done", hangLimit)
		}
		time.Sleep(5 * time.Millisecond)
	}
	_, before, _ := b.get()
	time.Sleep(10 * time.Millisecond)
	writeFile(t, filepath.Join(root, "skill-003", "SKILL.md"), skillMD("skill-003", "Skill three.", "edited"))
	_, err := c.RefreshPaths(context.Background(), []string{filepath.Join(root, "skill-003", "SKILL.md")})
	must(t, err)
	if depth, starts, _ := b.get(); starts != before || depth != 0 {
		t.Errorf("a one-skill refresh reported a build (%d starts, was %d; depth %d)", starts, before, depth)
	}
}

// TestUnsyncedBodiesStayListed: the background pass's chunks do not wait
// for the search index to reach the disk, so until the last chunk syncs
// it, any list of deferred bodies saved meanwhile (a refresh's, a load's)
// still names them: a crash then re-indexes them instead of losing them.
// The last chunk syncs and saves the empty list.
func TestUnsyncedBodiesStayListed(t *testing.T) {
	root, data := bodyCatalog(t, 40), t.TempDir()
	c, err := Open(context.Background(), &Options{Roots: []Root{{Path: root}}, DataDir: data})
	must(t, err)
	defer c.Close()
	var all []string
	var docs []search.Doc
	for _, s := range c.List(ListOptions{IncludeInvalid: true, IncludeShadowed: true}) {
		docs = append(docs, docFor(&s, ""))
		c.bodies.add(s.ID)
		all = append(all, s.ID)
	}
	must(t, c.pair.ix.Index(docs...))
	sort.Strings(all)
	first := c.bodies.take(10)
	w := c.ref.lockWrite()
	more, err := c.ref.completeSkills(w, first)
	must(t, err)
	c.bodies.settle(first, false) // as indexBodyChunk does
	if !more {
		t.Fatal("completeSkills says nothing is left after 10 of 40")
	}
	must(t, c.bodies.save(w, c.pair.st)) // what a refresh starting a deferred build does
	w.unlock()
	if got := c.pair.stateIDs(bodiesKey); !slices.Equal(got, all) {
		t.Errorf("saved list after an unsynced chunk: %d ids, want all %d (the chunk's included)", len(got), len(all))
	}
	if got := c.BodiesPending(); got != 30 {
		t.Errorf("BodiesPending after 10 of 40: %d, want 30", got)
	}
	rest := c.bodies.take(100)
	w = c.ref.lockWrite()
	more, err = c.ref.completeSkills(w, rest)
	w.unlock()
	must(t, err)
	c.bodies.settle(rest, false)
	if more {
		t.Error("completeSkills says more is left after the last chunk")
	}
	if got := c.pair.stateIDs(bodiesKey); len(got) != 0 {
		t.Errorf("saved list after the last chunk: %v, want empty", got)
	}
	if got := topHit(t, c, "bodyword005"); got != "skill-005" {
		t.Errorf("top hit %q, want skill-005", got)
	}
}
