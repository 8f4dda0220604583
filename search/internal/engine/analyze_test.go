package engine

import (
	"github.com/skilldex/skilldex/search/internal/corpustest"

	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/document"
	index "github.com/blevesearch/bleve_index_api"
)

// analysisTexts are texts the fast analysis must analyse exactly as
// bleve's analysers do: word boundaries around every ASCII joiner and
// separator, stop words, possessives, stem exceptions, CJK and other
// non-ASCII text.
var analysisTexts = []string{
	"",
	" ",
	"pdf-form-filler",
	"Fills PDF forms: the user's fields, checkboxes and signatures. Use for forms.",
	"snake_case_tool __init__ _x_ a__b",
	"don't can't O'Reilly's rock'n'roll 'quoted' '' a' 'b",
	"e.g. i.e. U.S.A. a.b.c. .net node.js v1.2.3 1.2.3 3.14 .5 5. 1..2 a..b",
	"1,000 1,000,000 1;2 a,b a;b 1,a a,1 ,1 1, 1,,2",
	"a:b http://example.com/a/b?c=d&e=f#g 10:30 a:1 1:a std::vector a::b",
	"abc123 123abc a1b2c3 1a.b a1.b 1a.2 a.1 1.a 1'a a'1 1'2 a'b",
	"C++ C# F# .NET x86_64 ARM64 UTF-8 base64 sha256 ipv4/ipv6 \"quoted\" (parens) [brackets] {braces}",
	"tabs\tand\nnewlines\r\nand\vvertical\fform feed\x00nul\x1bescape\x7fdel",
	"The the THE a an and or but is are was were be been being of to in for on with at by from",
	"running runs ran runner relational relations general generate executive execute news universal",
	"Relational RELATIONAL General's executives' students' boss's James's",
	"日本語ツール 日本語のテキストを要約する。 Summarises Japanese text.",
	"中文 分词 and English mixed 한국어 텍스트 ﾃｷｽﾄ ｶﾞｷﾞ ＡＢＣ１２３",
	"naïve café résumé — em dash – en dash “curly quotes” ‘single’ don’t it’s",
	"emoji 🚀 rocket 👍🏽 thumbs ZWJ 👨‍👩‍👧 family",
	"combining e\u0301 a\u0308 soft\u00adhyphen zero\u200bwidth word\u2060joiner",
	"Ελληνικά русский текст עברית שלום עברי\"ת ה'",
	"invalid \xff\xfe utf8 \xc3 trailing",
	strings.Repeat("word ", 300) + strings.Repeat("ab.", 50) + strings.Repeat("12,", 50),
	"'s 's's s' ' s A'S a's a’s a＇s",
}

// analysisEqual reports the first difference between two token streams.
func analysisEqual(got, want analysis.TokenStream) error {
	if len(got) != len(want) {
		return fmt.Errorf("%d tokens, want %d: got %v want %v", len(got), len(want), terms(got), terms(want))
	}
	for i := range got {
		g, w := got[i], want[i]
		if string(g.Term) != string(w.Term) || g.Start != w.Start || g.End != w.End ||
			g.Position != w.Position || g.Type != w.Type || g.KeyWord != w.KeyWord {
			return fmt.Errorf("token %d = %v, want %v", i, g, w)
		}
	}
	return nil
}

func terms(ts analysis.TokenStream) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = string(t.Term)
	}
	return out
}

// testAnalyzers are the fast analysers of a fresh mapping, and a memo.
func testAnalyzers(t testing.TB) (analyzers, *chainMemo) {
	t.Helper()
	m, err := newMapping()
	if err != nil {
		t.Fatal(err)
	}
	a := newAnalyzers(m, m.AnalyzerNamed(analyzerText))
	if a.start == nil || !a.memo || !a.ascii || !a.renumber {
		t.Fatalf("the mapping's analysers take no fast path (start %v, memo %v, ascii %v, renumber %v): nothing would be tested",
			a.start != nil, a.memo, a.ascii, a.renumber)
	}
	return a, newChainMemo()
}

// checkAnalysis compares the fast analysis of text (and asciiWords, for
// ASCII text) with bleve's.
func checkAnalysis(t testing.TB, a analyzers, w *chainMemo, text string) {
	t.Helper()
	wantText := a.text.Analyze([]byte(text))
	wantPlain := a.plain.Analyze([]byte(text))
	gotText, gotPlain := a.both([]byte(text), w)
	if err := analysisEqual(gotText, wantText); err != nil {
		t.Errorf("text analysis of %q: %v", text, err)
	}
	if err := analysisEqual(gotPlain, wantPlain); err != nil {
		t.Errorf("plain analysis of %q: %v", text, err)
	}
	if err := analysisEqual(a.textOnly([]byte(text), w), wantText); err != nil {
		t.Errorf("text-only analysis of %q: %v", text, err)
	}
	if got, want := w.distinctTerms(gotText, gotPlain, gotText), distinctTerms(wantText, wantPlain, wantText); got != want {
		t.Errorf("distinct terms of %q = %q, want %q", text, got, want)
	}
	if !isASCII([]byte(text)) {
		return
	}
	in := []byte(text)
	for _, cf := range a.start.CharFilters {
		in = cf.Filter(in)
	}
	want := a.start.Tokenizer.Tokenize(in)
	got := asciiWords([]byte(text), nil)
	if len(got) != len(want) {
		t.Errorf("asciiWords(%q): %d words, want %d (%v)", text, len(got), len(want), terms(want))
		return
	}
	for i, s := range got {
		typ := analysis.AlphaNumeric
		if s.num {
			typ = analysis.Numeric
		}
		if w := want[i]; int(s.start) != w.Start || int(s.end) != w.End || typ != w.Type || w.Position != i+1 {
			t.Errorf("asciiWords(%q) word %d = %q %v, want %v", text, i, text[s.start:s.end], s, w)
		}
	}
}

func TestFastAnalysisLikeBleve(t *testing.T) {
	a, w := testAnalyzers(t)
	for _, text := range analysisTexts {
		checkAnalysis(t, a, w, text)
	}
	// Each text again, with the memo full of its words.
	for _, text := range analysisTexts {
		checkAnalysis(t, a, w, text)
	}
	if len(w.m) < 100 {
		t.Errorf("memo holds %d words after the table: the memo is not used", len(w.m))
	}
}

// TestFastAnalysisCorpus compares the fast analysis with bleve's on every
// name, description, tag and body of the real corpus (with
// SKILLDEX_LONG=1; else on every eighth skill of it).
func TestFastAnalysisCorpus(t *testing.T) {
	docs := sampleDocs(t, 8)
	a, w := testAnalyzers(t)
	ascii := 0
	for _, d := range docs {
		texts := append([]string{d.Name, d.Description, d.indexedDescription(), d.Body}, d.Tags...)
		for _, text := range texts {
			if isASCII([]byte(text)) {
				ascii++
			}
			checkAnalysis(t, a, w, text)
		}
		if t.Failed() {
			t.Fatalf("in %s", d.ID)
		}
	}
	t.Logf("%d docs, %d ASCII texts", len(docs), ascii)
}

// TestMemoBounded checks that a memo starts afresh at maxMemo words and
// still analyses right.
func TestMemoBounded(t *testing.T) {
	a, w := testAnalyzers(t)
	var b strings.Builder
	for i := range maxMemo + 10 {
		fmt.Fprintf(&b, "w%x ", i)
	}
	a.both([]byte(b.String()), w)
	if len(w.m) > maxMemo {
		t.Fatalf("memo holds %d words, bound %d", len(w.m), maxMemo)
	}
	checkAnalysis(t, a, w, "w1 w2 w3 the running w1")
}

// fuzzAlphabet is what FuzzFastAnalysis maps bytes onto for its second
// text: the ASCII bytes that matter to word boundaries and the filters.
const fuzzAlphabet = "aAsSzZeE019:.,;'_ \"-/\n\tt" + "hr" + "\x7f"

// FuzzFastAnalysis compares the fast analysis with bleve's on arbitrary
// text, and on the text mapped onto fuzzAlphabet (dense in joiners).
func FuzzFastAnalysis(f *testing.F) {
	for _, text := range analysisTexts {
		f.Add(text)
	}
	f.Add("the user's 1.5,2 a.b:c d'e")
	a, w := testAnalyzers(f)
	f.Fuzz(func(t *testing.T, text string) {
		checkAnalysis(t, a, w, text)
		mapped := []byte(text)
		for i, c := range mapped {
			mapped[i] = fuzzAlphabet[int(c)%len(fuzzAlphabet)]
		}
		checkAnalysis(t, a, w, string(mapped))
		if utf8.ValidString(text) {
			checkAnalysis(t, a, w, strings.ToUpper(text))
		}
	})
}

// TestDistinctTermsScratch checks the memo's distinctTerms against the
// package's on terms the analysers never make too: empty, with spaces,
// repeated across streams, and after a document with many terms.
func TestDistinctTermsScratch(t *testing.T) {
	stream := func(terms ...string) analysis.TokenStream {
		ts := make(analysis.TokenStream, len(terms))
		for i, term := range terms {
			ts[i] = &analysis.Token{Term: []byte(term)}
		}
		return ts
	}
	var many []string
	for i := range 3000 {
		many = append(many, fmt.Sprint("t", i%2000))
	}
	w := newChainMemo()
	for _, streams := range [][]analysis.TokenStream{
		{stream("", "a", "", "b"), stream("a b", "b", "c\td", "e")},
		{stream(many...), stream("t1", "x")},
		{stream("x", "y", "x"), nil, stream("y", "z")},
		{},
		{stream("", "")},
		{stream("", "q", "")},
	} {
		if got, want := w.distinctTerms(streams...), distinctTerms(streams...); got != want {
			t.Errorf("distinctTerms = %.80q, want %.80q", got, want)
		}
	}
}

// BenchmarkPrepare measures Prepare (mapping and analysis, on all cores:
// run it with -cpu 1 to compare CPU) of synthetic skills without bodies,
// as a cold build writes them first, and of the real corpus without and
// with bodies.
func BenchmarkPrepare(b *testing.B) {
	e, err := Open("", 0)
	if err != nil {
		b.Fatal(err)
	}
	defer e.Close()
	sets := map[string]func() []Doc{
		"synth-meta": func() []Doc { return synthDocs(1, 2000, false) },
		"corpus-meta": func() []Doc {
			docs := slices.Clone(corpusDocs(b))
			for i := range docs {
				docs[i].ID = fmt.Sprint(i)
				if d := docs[i].indexedDescription(); d != docs[i].Description {
					docs[i].Description = d // what the cold build indexes without the body
				}
				docs[i].Body = ""
			}
			return docs
		},
		"corpus-body": func() []Doc {
			docs := slices.Clone(corpusDocs(b))
			for i := range docs {
				docs[i].ID = fmt.Sprint(i)
			}
			return docs
		},
	}
	for _, name := range []string{"synth-meta", "corpus-meta", "corpus-body"} {
		b.Run(name, func(b *testing.B) {
			docs := sets[name]()
			b.ResetTimer()
			for range b.N {
				if _, err := e.Prepare(docs...); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(docs)), "ns/doc")
		})
	}
}

// TestDocBuilderLikeMapping compares the documents docBuilder makes with
// the ones bleve's mapping makes of Doc.fields: the same fields (name,
// array positions, value, indexing options, analyser) and the same "_all"
// composite field, on the write tests' documents and the real corpus (a
// sample of it without SKILLDEX_LONG=1, see sample).
func TestDocBuilderLikeMapping(t *testing.T) {
	m, err := newMapping()
	if err != nil {
		t.Fatal(err)
	}
	b := newDocBuilder(m)
	if b == nil {
		t.Fatal("no document builder for newMapping's mapping: nothing would be tested")
	}
	docs := []Doc{
		{ID: "a", Name: "pdf-form-filler", Description: "Fills PDF forms.", Tags: []string{"pdf", "forms", "pdf"}, Body: "# Steps"},
		{ID: "b", Name: "", Description: ""},
		{ID: "c", Name: "Code Review", Description: "Code Review Helper", Body: "Reviews pull requests.\n\n- checks tests"},
		{ID: "d", Name: "x", Description: "y", Tags: []string{}},
	}
	if !testing.Short() {
		if _, err := os.Stat(filepath.Join(corpustest.Dir, "QUERIES.tsv")); err == nil {
			for i, d := range sampleDocs(t, 8) {
				d.ID = fmt.Sprint("corpus", i)
				docs = append(docs, d)
			}
		}
	}
	key := func(f document.Field) string { return fmt.Sprintf("%s %v", f.Name(), f.ArrayPositions()) }
	for i := range docs {
		d := &docs[i]
		desc := d.indexedDescription()
		l := d.lengthsOf(desc)
		want := document.NewDocument(d.ID)
		if err := m.MapDocument(want, d.fields(l, "t1 t2", desc)); err != nil {
			t.Fatal(err)
		}
		texts := d.texts(nil, desc, l, "t1 t2")
		got := b.build(d.ID, texts, nil, func(fieldText) (analysis.TokenStream, bool) { return nil, false })
		if len(got.Fields) != len(want.Fields) {
			t.Fatalf("%s: %d fields, want %d", d.ID, len(got.Fields), len(want.Fields))
		}
		slices.SortFunc(got.Fields, func(x, y document.Field) int { return strings.Compare(key(x), key(y)) })
		slices.SortFunc(want.Fields, func(x, y document.Field) int { return strings.Compare(key(x), key(y)) })
		for j, gf := range got.Fields {
			g, w := gf.(*document.TextField), want.Fields[j].(*document.TextField)
			if key(g) != key(w) || string(g.Value()) != string(w.Value()) || g.Options() != w.Options() ||
				g.Analyzer() != w.Analyzer() || g.NumPlainTextBytes() != w.NumPlainTextBytes() {
				t.Errorf("%s: field %#v, want %#v", d.ID, g, w)
			}
		}
		if !reflect.DeepEqual(got.CompositeFields, want.CompositeFields) || got.Indexed() != want.Indexed() || got.ID() != want.ID() {
			t.Errorf("%s: composite fields %+v, want %+v", d.ID, got.CompositeFields, want.CompositeFields)
		}
	}
}

// BenchmarkPrepareWrite measures Prepare and the write of 2,000
// synthetic skills without bodies into an in-memory index (bleve's
// batch: counting terms, building the segment): run it with -cpu 1 to
// compare CPU.
func BenchmarkPrepareWrite(b *testing.B) {
	docs := synthDocs(1, 2000, false)
	b.ResetTimer()
	for range b.N {
		e, err := Open("", 0)
		if err != nil {
			b.Fatal(err)
		}
		p, err := e.Prepare(docs...)
		if err != nil {
			b.Fatal(err)
		}
		if err := e.IndexPreparedUnsynced(p); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		e.Close()
		b.StartTimer()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(docs)), "ns/doc")
}

// TestCounterLikeTokenFrequency compares counter's frequencies with
// bleve's analysis.TokenFrequency, for one field and for array elements
// counted into one field (as zapx merges same-named fields).
func TestCounterLikeTokenFrequency(t *testing.T) {
	a, w := testAnalyzers(t)
	opts := index.IndexField
	freqs := func(tfs index.TokenFrequencies) map[string]string {
		out := map[string]string{}
		for k, tf := range tfs {
			out[k] = fmt.Sprintf("%s:%d:%d", tf.Term, tf.Frequency(), len(tf.Locations))
		}
		return out
	}
	var c counter
	var streams []analysis.TokenStream
	var want index.TokenFrequencies
	n := 0
	for _, text := range analysisTexts {
		toks, _ := a.both([]byte(text), w)
		if got, want := freqs(c.count(len(toks), []analysis.TokenStream{toks}, opts)), freqs(analysis.TokenFrequency(toks, nil, opts)); !reflect.DeepEqual(got, want) {
			t.Errorf("frequencies of %q = %v, want %v", text, got, want)
		}
		streams = append(streams, toks)
		n += len(toks)
		if want == nil {
			want = analysis.TokenFrequency(toks, nil, opts)
		} else {
			want.MergeAll(FieldPlain, analysis.TokenFrequency(toks, nil, opts))
		}
	}
	all := c.count(n, streams, opts)
	if got, want := freqs(all), freqs(want); !reflect.DeepEqual(got, want) || len(got) < 100 {
		t.Errorf("merged frequencies: %d terms, want %d", len(got), len(want))
	}
}
