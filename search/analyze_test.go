package search

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/analysis"
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
// name, description, tag and body of the real corpus.
func TestFastAnalysisCorpus(t *testing.T) {
	docs := corpusDocs(t)
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
