package embed_test

import (
	"bufio"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/skilldex/skilldex/internal/embed"
	"github.com/skilldex/skilldex/internal/embed/embedtest"
)

// These tests run a real embedding model (embedtest: the Universal Sentence
// Encoder lite behind tests/embedserver/useserver.mjs) through Client and
// Cache. Their assertions are relative (which text is nearer), never a
// model's absolute numbers.

func dot(a, b []float32) float64 {
	var s float64
	for i := range a {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}

func realClient(t testing.TB, base string, opts embed.Options) *embed.Client {
	t.Helper()
	opts.BaseURL, opts.Model = base, embedtest.Model
	c, err := embed.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestRealModelNearness(t *testing.T) {
	base := embedtest.Start(t)
	c := realClient(t, base, embed.Options{})
	ctx := context.Background()
	vecs, err := c.Embed(ctx, []string{
		"the attacker measures how long decryption takes",
		"Timing side-channel attacks and constant-time cryptography review",
		"Bake sourdough bread",
		"convert a folder of PDFs and Word files to markdown",
		"markitdown. Convert files and office documents to Markdown.",
	})
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range vecs {
		if len(v) != embedtest.Dimensions {
			t.Fatalf("vector %d has %d dimensions, want %d", i, len(v), embedtest.Dimensions)
		}
		if n := dot(v, v); n < 0.9999 || n > 1.0001 {
			t.Fatalf("vector %d is not unit length (squared norm %v)", i, n)
		}
	}
	attack, timing, bread, pdfs, markitdown := vecs[0], vecs[1], vecs[2], vecs[3], vecs[4]
	if a, b := dot(attack, timing), dot(attack, bread); a <= b {
		t.Errorf("cos(decryption timing, side-channel review) = %.3f is not above cos(decryption timing, sourdough) = %.3f", a, b)
	}
	if a, b := dot(pdfs, markitdown), dot(pdfs, timing); a <= b {
		t.Errorf("cos(PDFs to markdown, markitdown) = %.3f is not above cos(PDFs to markdown, side-channel review) = %.3f", a, b)
	}
}

type judged struct{ query, skill, text string }

func readJudged(t testing.TB) []judged {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "judged.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []judged
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		p := strings.Split(sc.Text(), "\t")
		if len(p) != 3 {
			t.Fatalf("judged.tsv: %q has %d fields", sc.Text(), len(p))
		}
		out = append(out, judged{p[0], p[1], p[2]})
	}
	return out
}

// TestRealModelFindsJudgedSkills embeds the corpus's judged queries and
// their expected skills' "name. description" and checks that the expected
// skill is, for most queries, the nearest of all of them: what hybrid
// search relies on. With vectors misplaced (an index mix-up) it would be
// right for about one query in seventeen; the model finds 14.
func TestRealModelFindsJudgedSkills(t *testing.T) {
	base := embedtest.Start(t)
	rows := readJudged(t)
	var queries, skills []string
	for _, r := range rows {
		queries = append(queries, r.query)
		skills = append(skills, r.text)
	}
	// Small batches, so placement across requests is exercised too.
	c := realClient(t, base, embed.Options{Batch: 5})
	ctx := context.Background()
	qv, err := c.Embed(ctx, queries)
	if err != nil {
		t.Fatal(err)
	}
	sv, err := c.Embed(ctx, skills)
	if err != nil {
		t.Fatal(err)
	}
	top1 := 0
	var mrr float64
	for i, q := range qv {
		type scored struct {
			j int
			s float64
		}
		var ranked []scored
		for j, s := range sv {
			ranked = append(ranked, scored{j, dot(q, s)})
		}
		sort.Slice(ranked, func(a, b int) bool { return ranked[a].s > ranked[b].s })
		for r, s := range ranked {
			if s.j == i {
				if r == 0 {
					top1++
				}
				mrr += 1 / float64(r+1)
				if r > 2 {
					t.Logf("%q: expected skill %s ranked %d", rows[i].query, rows[i].skill, r+1)
				}
			}
		}
	}
	mrr /= float64(len(qv))
	t.Logf("%d of %d queries find their skill first; MRR %.2f", top1, len(qv), mrr)
	if top1*3 < len(qv)*2 || mrr < 0.75 {
		t.Errorf("only %d of %d queries find their skill first (MRR %.2f); want two thirds and MRR 0.75", top1, len(qv), mrr)
	}

	// One big batch gives the same vectors as small ones: order is kept.
	all := realClient(t, base, embed.Options{Batch: 64})
	av, err := all.Embed(ctx, queries)
	if err != nil {
		t.Fatal(err)
	}
	for i := range av {
		if d := dot(av[i], qv[i]); d < 0.999 {
			t.Fatalf("query %d: batch of 64 and batches of 5 disagree (cos %.4f)", i, d)
		}
	}
}

// TestRealModelThroughCache runs Client and Cache end to end, with a
// counting proxy in front of the model server: a second run sends
// nothing, and with the server gone cached texts still embed while a new
// one fails as unreachable.
func TestRealModelThroughCache(t *testing.T) {
	base := embedtest.Start(t)
	target, _ := url.Parse(base)
	var requests atomic.Int32
	proxy := httputil.NewSingleHostReverseProxy(&url.URL{Scheme: target.Scheme, Host: target.Host})
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		proxy.ServeHTTP(w, r)
	}))
	defer front.Close()
	c := realClient(t, front.URL+"/v1", embed.Options{Attempts: 2})
	path := filepath.Join(t.TempDir(), "cache", "embeddings.db")
	cache, err := embed.OpenCache(path)
	if err != nil {
		t.Fatal(err)
	}
	defer cache.Close()
	e := embed.WithCache(c, cache, nil)
	ctx := context.Background()
	texts := []string{
		"Timing side-channel attacks and constant-time cryptography review",
		"Bake sourdough bread",
		"the attacker measures how long decryption takes",
	}
	fresh, err := e.Embed(ctx, texts)
	if err != nil {
		t.Fatal(err)
	}
	if requests.Load() != 1 {
		t.Fatalf("%d requests for the first run, want 1", requests.Load())
	}
	if n, _ := cache.Len(); n != 3 {
		t.Fatalf("the cache holds %d vectors, want 3", n)
	}
	front.Close() // the model is gone from here on
	cached, err := e.Embed(ctx, []string{texts[2], texts[0]})
	if err != nil {
		t.Fatalf("cached texts need the model: %v", err)
	}
	if dot(cached[0], fresh[2]) < 0.99999 || dot(cached[1], fresh[0]) < 0.99999 {
		t.Fatal("cached vectors differ from the model's")
	}
	if dot(cached[0], cached[1]) <= dot(cached[0], fresh[1]) {
		t.Error("from the cache, the decryption-timing text is nearer sourdough than side channels")
	}
	_, err = e.Embed(ctx, []string{texts[0], "a text never embedded"})
	if !errors.Is(err, embed.ErrUnreachable) {
		t.Fatalf("new text with the server gone: err = %v, want ErrUnreachable", err)
	}
}

func TestRealServerErrors(t *testing.T) {
	const key = "sk-embedtest-key"
	base := embedtest.StartWith(t, embedtest.Options{APIKey: key})
	ctx := context.Background()
	_, err := realClient(t, base, embed.Options{APIKey: "sk-wrong"}).Embed(ctx, []string{"a"})
	if !errors.Is(err, embed.ErrAuth) || !strings.Contains(err.Error(), "401") || !strings.Contains(err.Error(), "Incorrect API key") {
		t.Fatalf("wrong key: err = %v", err)
	}
	if strings.Contains(err.Error(), "sk-wrong") {
		t.Fatalf("the key is in %q", err)
	}
	if _, err := realClient(t, base, embed.Options{APIKey: key}).Embed(ctx, []string{"a"}); err != nil {
		t.Fatalf("right key: %v", err)
	}
	c, _ := embed.New(embed.Options{BaseURL: base, Model: "nomic-embed-text", APIKey: key})
	if _, err := c.Embed(ctx, []string{"a"}); !errors.Is(err, embed.ErrRejected) || !strings.Contains(err.Error(), "does not exist") {
		t.Fatalf("unknown model: err = %v", err)
	}
	d := realClient(t, base, embed.Options{APIKey: key, Dimensions: 256})
	if _, err := d.Embed(ctx, []string{"a"}); !errors.Is(err, embed.ErrRejected) || !strings.Contains(err.Error(), "cannot give 256") {
		t.Fatalf("dimensions: err = %v", err)
	}
}

// BenchmarkRealModel reports the time to embed one text through the
// client and the model server, in batches of 64.
func BenchmarkRealModel(b *testing.B) {
	base := embedtest.Start(b)
	c := realClient(b, base, embed.Options{})
	rows := readJudged(b)
	var texts []string
	for len(texts) < 64 {
		for _, r := range rows {
			texts = append(texts, r.text)
		}
	}
	texts = texts[:64]
	ctx := context.Background()
	if _, err := c.Embed(ctx, texts); err != nil { // warm up
		b.Fatal(err)
	}
	b.ResetTimer()
	start := time.Now()
	for range b.N {
		if _, err := c.Embed(ctx, texts); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(time.Since(start).Microseconds())/1000/float64(b.N*len(texts)), "ms/text")
}
