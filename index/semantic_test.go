package index

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// conceptEmbedder is a made-up model: each dimension is a topic, and a
// text points at the topics of the words it holds, so texts on one topic
// are near without sharing a word. fail makes Embed fail; calls counts
// the texts embedded.
type conceptEmbedder struct {
	mu    sync.Mutex
	fail  error
	texts []string
	// refuse fails any call holding a text with this word, as an
	// endpoint refuses a text too long for its model.
	refuse string
	// block makes Embed wait for its context to end.
	block bool
	// extra dimensions, as a model replaced under the same name.
	extra int
}

var concepts = [][]string{
	{"attacker", "decryption", "timing", "constant", "side", "channels", "cryptographic"},
	{"bread", "sourdough", "bake", "starter", "flour"},
	{"visitors", "registering", "quit", "signup", "funnel", "conversion"},
	{"garden", "vegetable", "soil", "plant"},
	{"decrypt", "gpg", "age", "files", "encrypted"},
}

func (e *conceptEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	e.mu.Lock()
	block := e.block
	e.mu.Unlock()
	if block {
		<-ctx.Done()
		return nil, ctx.Err()
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.fail != nil {
		return nil, e.fail
	}
	for _, t := range texts {
		if e.refuse != "" && strings.Contains(t, e.refuse) {
			return nil, errors.New("400 Bad Request: input too long")
		}
	}
	out := make([][]float32, len(texts))
	for i, t := range texts {
		v := make([]float32, len(concepts)+1+e.extra)
		v[len(concepts)] = 0.05 // no text is the zero vector
		for _, w := range strings.FieldsFunc(strings.ToLower(t), func(r rune) bool { return r < 'a' || r > 'z' }) {
			for d, ws := range concepts {
				if slices.Contains(ws, w) {
					v[d]++
				}
			}
		}
		out[i] = v
	}
	e.texts = append(e.texts, texts...)
	return out, nil
}

func (e *conceptEmbedder) Model() string { return "concepts" }

func (e *conceptEmbedder) set(fail error) {
	e.mu.Lock()
	e.fail = fail
	e.mu.Unlock()
}

func (e *conceptEmbedder) embedded() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return slices.Clone(e.texts)
}

const timingQuery = "the attacker measures how long decryption takes"

func semanticRoot(t *testing.T) string {
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "timing", "SKILL.md"), skillMD("constant-time-crypto", "Review cryptographic code for side channels and constant-time comparisons.", "Body."))
	writeFile(t, filepath.Join(root, "bread", "SKILL.md"), skillMD("sourdough", "Bake sourdough bread with a starter.", "Body."))
	writeFile(t, filepath.Join(root, "decrypt", "SKILL.md"), skillMD("file-decrypt", "Decrypt files encrypted with age or gpg.", "Body."))
	for i := range 100 {
		writeFile(t, filepath.Join(root, fmt.Sprintf("garden-%02d", i), "SKILL.md"), skillMD(fmt.Sprintf("garden-%02d", i), "Plan a vegetable garden bed in good soil.", "Body."))
	}
	return root
}

func ready(t *testing.T, c *Catalog) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := c.SemanticReady(ctx); err != nil {
		t.Fatal(err)
	}
}

func TestSemanticStageFindsSkillWithoutSharedWords(t *testing.T) {
	root := semanticRoot(t)
	ctx := context.Background()
	lexical := open(t, &Options{Roots: []Root{{Path: root}}})
	if err := lexical.SemanticReady(ctx); !errors.Is(err, ErrSemanticOff) {
		t.Errorf("SemanticReady without an Embedder: %v", err)
	}
	lex, err := lexical.Search(ctx, SearchRequest{Query: timingQuery})
	if err != nil {
		t.Fatal(err)
	}
	if lex.Hybrid || len(lex.Hits) == 0 || lex.Hits[0].Name != "file-decrypt" {
		t.Fatalf("lexical search: %+v", lex)
	}

	emb := &conceptEmbedder{}
	c := open(t, &Options{Roots: []Root{{Path: root}}, Embedder: emb})
	ready(t, c)
	res, err := c.Search(ctx, SearchRequest{Query: timingQuery})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Hybrid || res.SemanticError != "" || res.EmbeddingsPending != 0 {
		t.Fatalf("hybrid search state: %+v", res)
	}
	if len(res.Hits) < 2 || res.Hits[0].Name != "constant-time-crypto" || res.Hits[0].Similarity < 0.5 {
		t.Fatalf("hybrid search: %+v, want constant-time-crypto first", res.Hits)
	}
	// Each skill was embedded once, as its name and description.
	texts := emb.embedded()
	if !slices.Contains(texts, "constant time crypto. Review cryptographic code for side channels and constant-time comparisons.") {
		t.Errorf("embedded texts: %q", texts[:min(3, len(texts))])
	}
	if n := len(texts); n != c.Len()+1 {
		t.Errorf("%d texts embedded for %d skills and one query", n, c.Len())
	}

	// A changed description is embedded again; a removed skill leaves.
	writeFile(t, filepath.Join(root, "bread", "SKILL.md"), skillMD("sourdough", "Stop an attacker timing your decryption.", "Body."))
	must(t, os.RemoveAll(filepath.Join(root, "timing")))
	if _, err := c.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	ready(t, c)
	res, err = c.Search(ctx, SearchRequest{Query: timingQuery})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Hits) == 0 || res.Hits[0].Name != "sourdough" {
		t.Fatalf("after the change: %+v, want sourdough first", res.Hits)
	}
	for _, h := range res.Hits {
		if h.Name == "constant-time-crypto" {
			t.Errorf("a removed skill is still found: %+v", h)
		}
	}
	if n := len(emb.embedded()); n != len(texts)+2 {
		t.Errorf("the change embedded %d texts, want the changed skill and the query", n-len(texts))
	}
}

func TestSemanticStageSaysWhenTheModelFails(t *testing.T) {
	root := semanticRoot(t)
	ctx := context.Background()
	emb := &conceptEmbedder{fail: errors.New("connection refused")}
	c := open(t, &Options{Roots: []Root{{Path: root}}, Embedder: emb})
	if err := c.SemanticReady(ctx); err == nil || !strings.Contains(err.Error(), "connection refused") {
		t.Fatalf("SemanticReady with a failing model: %v", err)
	}
	res, err := c.Search(ctx, SearchRequest{Query: timingQuery})
	if err != nil {
		t.Fatal(err)
	}
	if res.Hybrid || res.EmbeddingsPending != c.Len() || len(res.Hits) == 0 || res.Hits[0].Name != "file-decrypt" {
		t.Fatalf("search with a failing model: %+v, want a lexical result saying %d skills wait", res, c.Len())
	}
	// The model comes back: the next change (or the retry) embeds them.
	emb.set(nil)
	c.sem.poke(Change{})
	ready(t, c)
	res, err = c.Search(ctx, SearchRequest{Query: timingQuery})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Hybrid || res.SemanticError != "" || res.Hits[0].Name != "constant-time-crypto" {
		t.Fatalf("after the model came back: %+v", res)
	}
	// The query alone fails: the search is lexical and says why.
	emb.set(errors.New("HTTP 503"))
	res, err = c.Search(ctx, SearchRequest{Query: timingQuery})
	if err != nil {
		t.Fatal(err)
	}
	if res.Hybrid || !strings.Contains(res.SemanticError, "HTTP 503") || res.Hits[0].Name != "file-decrypt" {
		t.Fatalf("query not embedded: %+v", res)
	}
}

// TestSemanticStageSkipsARefusedText: a skill whose text the model
// refuses (in the first chunk) leaves every other skill embedded, and is
// tried again only once its text changes.
func TestSemanticStageSkipsARefusedText(t *testing.T) {
	root := semanticRoot(t)
	writeFile(t, filepath.Join(root, "aaa-poison", "SKILL.md"), skillMD("aaa-poison", "POISON text the model refuses.", "Body."))
	ctx := context.Background()
	emb := &conceptEmbedder{refuse: "POISON"}
	c := open(t, &Options{Roots: []Root{{Path: root}}, Embedder: emb})
	ready(t, c)
	res, err := c.Search(ctx, SearchRequest{Query: timingQuery})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Hybrid || res.SemanticError != "" || res.Hits[0].Name != "constant-time-crypto" {
		t.Fatalf("with one refused skill: %+v", res)
	}
	if n := c.sem.vecs.Len(); n != c.Len()-1 {
		t.Errorf("%d skills embedded of %d, want all but the refused one", n, c.Len())
	}
	calls := len(emb.embedded())
	c.sem.poke(Change{})
	ready(t, c)
	if n := len(emb.embedded()); n != calls {
		t.Errorf("the refused text was sent again unchanged (%d texts)", n-calls)
	}
	writeFile(t, filepath.Join(root, "aaa-poison", "SKILL.md"), skillMD("aaa-poison", "Bake bread, now acceptable.", "Body."))
	if _, err := c.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	ready(t, c)
	if n := c.sem.vecs.Len(); n != c.Len() {
		t.Errorf("%d skills embedded of %d after the refused text changed", n, c.Len())
	}
}

// TestSemanticReadyEnds: SemanticReady returns the recorded failure at
// once (not at the next retry), and a wait ends when the catalog closes.
func TestSemanticReadyEnds(t *testing.T) {
	root := semanticRoot(t)
	emb := &conceptEmbedder{fail: errors.New("connection refused")}
	c := open(t, &Options{Roots: []Root{{Path: root}}, Embedder: emb})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // hang guard only
	defer cancel()
	for range 3 {
		if err := c.SemanticReady(ctx); err == nil || !strings.Contains(err.Error(), "connection refused") {
			t.Fatalf("SemanticReady with a failing model: %v", err)
		}
	}

	blocked := &conceptEmbedder{block: true}
	c2, err := Open(context.Background(), &Options{Roots: []Root{{Path: root}}, Embedder: blocked})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- c2.SemanticReady(ctx) }()
	c2.Close()
	select {
	case err := <-done:
		if err == nil || errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("SemanticReady across Close: %v", err)
		}
	case <-ctx.Done():
		t.Fatal("SemanticReady still waits after Close")
	}
	if err := c2.SemanticReady(ctx); err == nil {
		t.Error("SemanticReady on a closed catalog: nil")
	}
}

// TestSemanticStageModelReplaced: a model replaced under the same name
// (vectors of another length) fails the next search's query, says so,
// and has every skill embedded afresh; searches are hybrid again after.
func TestSemanticStageModelReplaced(t *testing.T) {
	root := semanticRoot(t)
	ctx := context.Background()
	emb := &conceptEmbedder{}
	c := open(t, &Options{Roots: []Root{{Path: root}}, Embedder: emb})
	ready(t, c)
	emb.mu.Lock()
	emb.extra = 3
	emb.mu.Unlock()
	res, err := c.Search(ctx, SearchRequest{Query: timingQuery})
	if err != nil {
		t.Fatal(err)
	}
	if res.Hybrid || !strings.Contains(res.SemanticError, "dimension") {
		t.Fatalf("search after the model changed: %+v", res)
	}
	ready(t, c)
	res, err = c.Search(ctx, SearchRequest{Query: timingQuery})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Hybrid || res.SemanticError != "" || res.Hits[0].Name != "constant-time-crypto" {
		t.Fatalf("search once the skills were embedded afresh: %+v", res)
	}
}

// TestSemanticStageIncremental: after the first sync, a change reads the
// records of the skills it names only, not every record: a new skill and
// one with a new name or description are embedded, one with a new body
// only is not, an invalid and a removed one leave the vectors, and an
// invalid one fixed comes back. A model change reads every record again.
func TestSemanticStageIncremental(t *testing.T) {
	root := semanticRoot(t)
	ctx := context.Background()
	emb := &conceptEmbedder{}
	c := open(t, &Options{Roots: []Root{{Path: root}}, Embedder: emb})
	ready(t, c)
	// The goroutine waits for a change: a poke (a channel send) orders
	// this write before its next read.
	var reads atomic.Int32
	all := c.sem.records
	c.sem.records = func() []*Skill { reads.Add(1); return all() }
	before := len(emb.embedded())
	served := c.Len()

	writeFile(t, filepath.Join(root, "new-one", "SKILL.md"), skillMD("new-one", "Knead the bread dough.", "Body."))
	writeFile(t, filepath.Join(root, "garden-01", "SKILL.md"), skillMD("garden-01", "Plant seeds in spring soil.", "Body."))
	writeFile(t, filepath.Join(root, "garden-02", "SKILL.md"), skillMD("garden-02", "Plan a vegetable garden bed in good soil.", "Another body."))
	writeFile(t, filepath.Join(root, "garden-03", "SKILL.md"), "no frontmatter: not a valid skill")
	must(t, os.RemoveAll(filepath.Join(root, "garden-04")))
	if _, err := c.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	ready(t, c)
	got := emb.embedded()[before:]
	slices.Sort(got)
	want := []string{"garden 01. Plant seeds in spring soil.", "new one. Knead the bread dough."}
	if !slices.Equal(got, want) {
		t.Errorf("the change embedded %q, want %q", got, want)
	}
	if n := reads.Load(); n != 0 {
		t.Errorf("a change read every record %d times", n)
	}
	// served+1 new, -1 invalid, -1 removed.
	if n := c.sem.vecs.Len(); n != served-1 {
		t.Errorf("%d vectors, want %d", n, served-1)
	}
	res, err := c.sem.vecs.Query([]float32{0, 0, 0, 1, 0, 0.05}, 200)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range res.Nearest {
		if sk, ok := c.Get(n.ID); !ok || !sk.Valid {
			t.Errorf("a vector for %s, invalid or removed", n.ID)
		}
	}

	before = len(emb.embedded())
	writeFile(t, filepath.Join(root, "garden-03", "SKILL.md"), skillMD("garden-03", "Plan a vegetable garden bed in good soil.", "Body."))
	if _, err := c.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	ready(t, c)
	if got := emb.embedded()[before:]; !slices.Equal(got, []string{"garden 03. Plan a vegetable garden bed in good soil."}) {
		t.Errorf("the fixed skill: %q embedded", got)
	}
	if n := c.sem.vecs.Len(); n != served {
		t.Errorf("%d vectors, want %d", n, served)
	}

	// The model changed behind its name: every record is read, every
	// skill embedded again.
	before = len(emb.embedded())
	c.sem.modelChanged()
	ready(t, c)
	if n := reads.Load(); n != 1 {
		t.Errorf("a model change read every record %d times, want once", n)
	}
	if n := len(emb.embedded()) - before; n != served {
		t.Errorf("a model change embedded %d texts, want %d", n, served)
	}
}
