package engine

import (
	"bytes"
	"slices"
	"sync"
	"unsafe"

	"github.com/blevesearch/bleve/v2/analysis"
	regexpchar "github.com/blevesearch/bleve/v2/analysis/char/regexp"
	"github.com/blevesearch/bleve/v2/analysis/lang/cjk"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/analysis/token/keyword"
	"github.com/blevesearch/bleve/v2/analysis/token/lowercase"
	"github.com/blevesearch/bleve/v2/analysis/token/porter"
	"github.com/blevesearch/bleve/v2/analysis/token/stop"
	"github.com/blevesearch/bleve/v2/analysis/tokenizer/unicode"
	"github.com/blevesearch/bleve/v2/mapping"
)

// The analysis of the text and plain fields, made cheaper without
// changing a byte of its result (TestFastAnalysisLikeBleve,
// FuzzFastAnalysis). Analysing names, descriptions and tags is the
// largest piece of a metadata-only cold build's CPU (see
// benchmarks/PROFILE.md), and most of it was overhead around very few
// distinct words:
//
//   - the token filters after the tokenizer (CJK width, possessive, lower
//     case, stop words, stem exceptions, porter; lower case and stop words
//     for the plain chain) each act on one token alone, so what they make
//     of a token depends on its bytes only, and the same words recur in
//     every document: a memo (chainMemo) runs them once per distinct word.
//     The CJK bigram filter is the exception: it joins neighbouring
//     ideographic tokens, so a text with any is analysed by the real chain;
//     for other tokens it only numbers the positions 1, 2, 3...
//   - for ASCII text, bleve's unicode tokenizer (UAX#29 word boundaries,
//     github.com/blevesearch/segment, Unicode 8.0 word break properties)
//     reduces to a few rules (asciiWords), without the general state
//     machine and its allocations; any other text goes through bleve's.

// analyzers are the text and plain analysers of the mapping. When both
// start with the same character filters, tokenizer and first token
// filter (they do: the underscore filter, UAX#29 words, CJK width), a
// text is run through those once for both (both): tokenizing was the
// dearest step of the analysis.
type analyzers struct {
	text, plain         analysis.Analyzer
	textRest, plainRest []analysis.TokenFilter // the filters after the shared start; nil: nothing shared
	start               *analysis.DefaultAnalyzer

	// memo: every token filter of both chains acts on one token alone
	// (but the text chain's last, the CJK bigram filter), so chainMemo
	// may stand in for them. ascii: the character filters and tokenizer
	// are the underscore filter and UAX#29, so asciiWords may stand in
	// for them on ASCII text. renumber: the text chain ends with the
	// bigram filter, which numbers the positions of the tokens it passes.
	memo, ascii, renumber bool

	memos *memoPool   // where workers take their memos; nil: a memo per call
	docs  *docBuilder // builds documents without the mapping's walk; nil: the mapping maps them
}

func newAnalyzers(m mapping.IndexMapping, text analysis.Analyzer) analyzers {
	a := analyzers{text: text, plain: m.AnalyzerNamed(analyzerPlain), docs: newDocBuilder(m)}
	t, ok1 := a.text.(*analysis.DefaultAnalyzer)
	p, ok2 := a.plain.(*analysis.DefaultAnalyzer)
	if !ok1 || !ok2 || len(t.TokenFilters) == 0 || len(p.TokenFilters) == 0 ||
		t.Tokenizer != p.Tokenizer || t.TokenFilters[0] != p.TokenFilters[0] ||
		!slices.Equal(t.CharFilters, p.CharFilters) {
		return a
	}
	a.start = &analysis.DefaultAnalyzer{CharFilters: t.CharFilters, Tokenizer: t.Tokenizer, TokenFilters: t.TokenFilters[:1]}
	a.textRest, a.plainRest = t.TokenFilters[1:], p.TokenFilters[1:]

	textChain := t.TokenFilters
	if _, ok := textChain[len(textChain)-1].(*cjk.CJKBigramFilter); ok {
		a.renumber = true
		textChain = textChain[:len(textChain)-1]
	}
	a.memo = allPerToken(textChain) && allPerToken(p.TokenFilters)
	_, uax := t.Tokenizer.(*unicode.UnicodeTokenizer)
	a.ascii = a.memo && uax && underscoreOnly(t.CharFilters)
	return a
}

// allPerToken reports whether every filter is one of bleve's that act
// on each token alone, by its bytes (and its keyword mark), and keep or
// drop it: the ones a chainMemo may stand in for.
func allPerToken(fs []analysis.TokenFilter) bool {
	for _, f := range fs {
		switch f.(type) {
		case *cjk.CJKWidthFilter, *en.PossessiveFilter, *lowercase.LowerCaseFilter,
			*stop.StopTokensFilter, *keyword.KeyWordMarkerFilter, *porter.PorterStemmer:
		default:
			return false
		}
	}
	return true
}

// underscoreOnly reports whether the character filters are one regexp
// filter that, on ASCII, replaces each underscore with a space and
// changes nothing else (charUnderscore): what asciiWords assumes.
func underscoreOnly(cfs []analysis.CharFilter) bool {
	if len(cfs) != 1 {
		return false
	}
	if _, ok := cfs[0].(*regexpchar.CharFilter); !ok {
		return false
	}
	probe := make([]byte, 0, 2*128+4)
	for c := range 128 {
		probe = append(probe, byte(c), 'a')
	}
	probe = append(probe, "__a_"...)
	got := cfs[0].Filter(slices.Clone(probe))
	return bytes.Equal(got, bytes.ReplaceAll(probe, []byte("_"), []byte(" ")))
}

// both analyses text with the text and the plain analyser. w, when not
// nil, is the calling worker's memo (never shared between goroutines).
func (a analyzers) both(text []byte, w *chainMemo) (analysis.TokenStream, analysis.TokenStream) {
	if a.start == nil {
		return a.text.Analyze(text), a.plain.Analyze(slices.Clone(text))
	}
	if a.memo && w != nil {
		if toks, plain, ok := a.memoized(text, w, true); ok {
			return toks, plain
		}
	}
	return a.rest(a.start.Analyze(text))
}

// textOnly analyses text with the text analyser (a body), as both does.
// It may change text, as bleve's analysers may.
func (a analyzers) textOnly(text []byte, w *chainMemo) analysis.TokenStream {
	if a.start != nil && a.memo && w != nil {
		if toks, _, ok := a.memoized(text, w, false); ok {
			return toks
		}
	}
	return a.text.Analyze(text)
}

// memoized analyses text through w, with the plain analyser too when
// plain is set, unless text holds ideographic words (ok false).
func (a analyzers) memoized(text []byte, w *chainMemo, plain bool) (toks, plainToks analysis.TokenStream, ok bool) {
	if a.ascii && isASCII(text) {
		w.words = asciiWords(text, w.words[:0])
		toks, plainToks = a.fromMemo(w, text, w.words, nil, plain)
		return toks, plainToks, true
	}
	in := text
	for _, cf := range a.start.CharFilters {
		in = cf.Filter(in)
	}
	raw := a.start.Tokenizer.Tokenize(in)
	if hasIdeographic(raw) {
		return nil, nil, false
	}
	toks, plainToks = a.fromMemo(w, nil, nil, raw, plain)
	return toks, plainToks, true
}

// rest runs the text and plain filters after the shared start on toks
// and on a copy of them.
func (a analyzers) rest(toks analysis.TokenStream) (analysis.TokenStream, analysis.TokenStream) {
	// Filters change tokens in place: the plain chain gets copies.
	plain := make(analysis.TokenStream, len(toks))
	copies := make([]analysis.Token, len(toks))
	for i, t := range toks {
		copies[i] = *t
		copies[i].Term = slices.Clone(t.Term)
		plain[i] = &copies[i]
	}
	for _, f := range a.textRest {
		toks = f.Filter(toks)
	}
	for _, f := range a.plainRest {
		plain = f.Filter(plain)
	}
	return toks, plain
}

func hasIdeographic(toks analysis.TokenStream) bool {
	for _, t := range toks {
		if t.Type == analysis.Ideographic {
			return true
		}
	}
	return false
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

// fromMemo builds the text token stream, and the plain one when
// withPlain is set, from the tokenizer's words, either words (spans of the ASCII text) or raw (bleve's
// tokens), none ideographic, with what w remembers of each word. Tokens
// keep the tokenizer's offsets, type and position (the bigram filter,
// when it ends the text chain, renumbers the kept ones 1, 2, 3...); the
// terms are w's, shared by every token of the same word: nothing changes
// a term after analysis.
func (a analyzers) fromMemo(w *chainMemo, text []byte, words []span, raw analysis.TokenStream, withPlain bool) (analysis.TokenStream, analysis.TokenStream) {
	n := len(words) + len(raw)
	streams := 1
	if withPlain {
		streams = 2
	}
	slab := make([]analysis.Token, streams*n)
	ptrs := make(analysis.TokenStream, streams*n)
	toks, plain := ptrs[:0:n], ptrs[n:n:streams*n]
	for i := range n {
		var tok analysis.Token
		if raw != nil {
			tok = *raw[i]
		} else {
			s := words[i]
			tok = analysis.Token{Term: text[s.start:s.end], Start: int(s.start), End: int(s.end), Position: i + 1, Type: analysis.AlphaNumeric}
			if s.num {
				tok.Type = analysis.Numeric
			}
		}
		c := w.get(a, tok.Term, tok.Type)
		if c.textKept {
			t := &slab[len(toks)]
			*t = tok
			t.Term, t.KeyWord = c.text, c.textKey
			if a.renumber {
				t.Position = len(toks) + 1
			}
			toks = append(toks, t)
		}
		if withPlain && c.plainKept {
			t := &slab[n+len(plain)]
			*t = tok
			t.Term, t.KeyWord = c.plain, c.plainKey
			plain = append(plain, t)
		}
	}
	if !withPlain {
		plain = nil
	}
	return toks, plain
}

// maxMemo bounds a chainMemo's words (a few MB): past it the memo starts
// afresh. It holds the distinct words of the names, descriptions and tags
// of a large real catalog; bodies hold more, and a memo full of them only
// starts again.
const maxMemo = 1 << 15

// chainMemo remembers what the text and plain token filter chains make
// of a (non-ideographic) word, keyed by the word as the tokenizer found
// it. One per worker: not safe for concurrent use.
type chainMemo struct {
	m       map[string]chained
	words   []span              // scratch for asciiWords
	seen    map[string]struct{} // scratch for distinctTerms
	shared  []sharedText        // scratch for prepare
	texts   []fieldText         // scratch for buildDoc
	counter                     // counts buildDoc's frequencies
}

// chained is what the two chains make of one word: its term and keyword
// mark, or that a chain dropped it (a stop word).
type chained struct {
	text, plain         []byte
	textKey, plainKey   bool
	textKept, plainKept bool
}

func newChainMemo() *chainMemo {
	return &chainMemo{m: make(map[string]chained, 1024), seen: make(map[string]struct{}, 128)}
}

// distinctTerms is the package's distinctTerms (the distinct terms of the
// streams, space-separated, in order of first appearance) with w's scratch
// map and one allocation: the map's keys are the terms as written in the
// result, which nothing changes once written (the buffer is allocated at
// its final size, so appending never moves it).
func (w *chainMemo) distinctTerms(streams ...analysis.TokenStream) string {
	n := 0
	for _, toks := range streams {
		for _, tok := range toks {
			n += len(tok.Term) + 1
		}
	}
	if len(w.seen) > 1024 {
		w.seen = make(map[string]struct{}, 128) // clear costs the map's size
	} else {
		clear(w.seen)
	}
	out := make([]byte, 0, n)
	for _, toks := range streams {
		for _, tok := range toks {
			if _, ok := w.seen[string(tok.Term)]; ok || bytes.ContainsAny(tok.Term, " \t\n") {
				continue
			}
			if len(out) > 0 {
				out = append(out, ' ')
			}
			key := ""
			if len(tok.Term) > 0 {
				start := len(out)
				out = append(out, tok.Term...)
				key = unsafe.String(&out[start], len(tok.Term))
			}
			w.seen[key] = struct{}{}
		}
	}
	if len(out) == 0 {
		return ""
	}
	return unsafe.String(&out[0], len(out))
}

// get returns what a's chains make of the word term (of type typ, not
// ideographic), running them on a copy the first time.
func (w *chainMemo) get(a analyzers, term []byte, typ analysis.TokenType) chained {
	if c, ok := w.m[string(term)]; ok {
		return c
	}
	if len(w.m) >= maxMemo {
		clear(w.m)
	}
	c := a.chain(term, typ)
	w.m[string(term)] = c
	return c
}

// chain runs a's filters after the tokenizer on one token, the word term
// of type typ, as bleve's analysers would within a text.
func (a analyzers) chain(term []byte, typ analysis.TokenType) chained {
	t := analysis.Token{Term: slices.Clone(term), Start: 0, End: len(term), Position: 1, Type: typ}
	toks, plain := a.rest(a.start.TokenFilters[0].Filter(analysis.TokenStream{&t}))
	var c chained
	if len(toks) > 0 {
		c.text, c.textKey, c.textKept = toks[0].Term, toks[0].KeyWord, true
	}
	if len(plain) > 0 {
		c.plain, c.plainKey, c.plainKept = plain[0].Term, plain[0].KeyWord, true
	}
	return c
}

// memoPool holds the chain memos of an Index between Prepare calls, so
// that a build's batches need not meet their words afresh. A sync.Pool:
// an idle index's memos (up to maxMemo words each) go with the garbage
// collector, and refilling one costs a few milliseconds per batch.
type memoPool struct {
	pool sync.Pool
}

func (p *memoPool) get() *chainMemo {
	if p == nil {
		return newChainMemo()
	}
	if w, ok := p.pool.Get().(*chainMemo); ok {
		return w
	}
	return newChainMemo()
}

func (p *memoPool) put(w *chainMemo) {
	if p != nil {
		p.pool.Put(w)
	}
}

// span is a word asciiWords found: text[start:end], a number when it
// holds no letter.
type span struct {
	start, end int32
	num        bool
}

// Character classes of ASCII bytes for UAX#29 word boundaries (Unicode
// 8.0 WordBreakProperty, as github.com/blevesearch/segment v0.9.1 has
// them): ALetter, Numeric, MidLetter (':'), MidNum (',' ';'), and
// MidNumLet ('.') with Single_Quote (the apostrophe), which join both
// letters and digits. ExtendNumLet ('_') never reaches the tokenizer (charUnderscore
// makes it a space); every other byte separates words.
const (
	clsOther = iota
	clsLetter
	clsDigit
	clsMidLetter
	clsMidNum
	clsMidBoth
)

var asciiClass = func() (t [128]uint8) {
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = clsLetter, clsLetter
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = clsDigit
	}
	t[':'] = clsMidLetter
	t[','], t[';'] = clsMidNum, clsMidNum
	t['.'], t['\''] = clsMidBoth, clsMidBoth
	return t
}()

// asciiWords appends to spans the words bleve's unicode tokenizer finds
// in the ASCII text after charUnderscore, in order. A word is a run of
// letters and digits, joined across one MidLetter or MidNumLet or
// Single_Quote between two letters (UAX#29 WB6, WB7: "don't", "e.g",
// "a:b") or one MidNum or MidNumLet or Single_Quote between two digits
// (WB11, WB12: "3.14", "1,000"); letters and digits join (WB8-WB10). The
// segmenter's longest match is this greedy extension. Words without a
// letter are numbers (analysis.Numeric).
func asciiWords(text []byte, spans []span) []span {
	n := len(text)
	for i := 0; i < n; {
		c := asciiClass[text[i]]
		if c != clsLetter && c != clsDigit {
			i++
			continue
		}
		start, letters := i, false
		for {
			for i < n {
				c = asciiClass[text[i]]
				if c == clsLetter {
					letters = true
				} else if c != clsDigit {
					break
				}
				i++
			}
			if i+1 >= n {
				break
			}
			prev, mid, next := asciiClass[text[i-1]], c, asciiClass[text[i+1]]
			if prev == next && (mid == clsMidBoth ||
				prev == clsLetter && mid == clsMidLetter ||
				prev == clsDigit && mid == clsMidNum) {
				i++
				continue
			}
			break
		}
		spans = append(spans, span{start: int32(start), end: int32(i), num: !letters})
	}
	return spans
}
