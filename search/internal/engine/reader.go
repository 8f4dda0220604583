package engine

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	index "github.com/blevesearch/bleve_index_api"
)

// Analyzer selects one of the index's analyzers for Reader.Analyze.
type Analyzer string

// The analyzers of the mapping (see the package documentation of search
// for what each does).
const (
	// Text is the analyzer of name, description, tags and body: words
	// lower-cased, English stop words removed, porter-stemmed, CJK runs
	// as unigrams and bigrams.
	Text Analyzer = analyzerText
	// Plain is Text without stemming: the words of FieldPlain.
	Plain Analyzer = analyzerPlain
)

// Reader is a consistent view of the index (one bleve snapshot) for one
// search. It holds the Engine open: Close it when done (the Engine's
// Close waits for open Readers). A Reader is used by one goroutine.
type Reader struct {
	e       *Engine
	r       index.IndexReader
	done    func()
	leadSeq uint64 // the lead cache's seq before r was opened (lead.go)
}

// Reader opens a view of the index's current contents. Errors: ErrClosed
// (wrapped) for a closed Engine, bleve's for a snapshot it cannot open.
func (e *Engine) Reader() (*Reader, error) {
	idx, done, err := e.live()
	if err != nil {
		return nil, err
	}
	seq := e.leads.seq.Load() // before the snapshot: see leadCache
	r, err := reader(idx)
	if err != nil {
		done()
		return nil, err
	}
	return &Reader{e: e, r: r, done: done, leadSeq: seq}, nil
}

// Close releases the snapshot and the Engine.
func (r *Reader) Close() error {
	if r.done == nil {
		return nil
	}
	err := r.r.Close()
	r.done()
	r.done = nil
	return err
}

// Analyze runs analyzer a over text and returns the terms, in order,
// repeats included.
func (r *Reader) Analyze(a Analyzer, text string) ([]string, error) {
	an := r.e.idx.Mapping().AnalyzerNamed(string(a))
	if an == nil {
		return nil, fmt.Errorf("search: analyzer %q missing from mapping", a)
	}
	var out []string
	for _, t := range an.Analyze([]byte(text)) {
		out = append(out, string(t.Term))
	}
	return out, nil
}

// DocCount is the number of documents in the view.
func (r *Reader) DocCount() (uint64, error) {
	n, err := r.r.DocCount()
	if err != nil {
		return 0, fmt.Errorf("search: %w", err)
	}
	return n, nil
}

// DocFreq is the number of documents with term in field.
func (r *Reader) DocFreq(ctx context.Context, field, term string) (uint64, error) {
	tfr, err := r.r.TermFieldReader(ctx, []byte(term), field, false, false, false)
	if err != nil {
		return 0, fmt.Errorf("search: %w", err)
	}
	n := tfr.Count()
	if err := tfr.Close(); err != nil && !errors.Is(err, context.Canceled) {
		return 0, fmt.Errorf("search: %w", err)
	}
	return n, nil
}

// MetaTerms returns the distinct analysed terms of the name and the
// indexed description of document id, as stored when it was indexed; ok
// is false when there is no such document.
func (r *Reader) MetaTerms(id string) (terms []string, ok bool, err error) {
	doc, err := r.r.Document(id)
	if err != nil {
		return nil, false, fmt.Errorf("search: %w", err)
	}
	if doc == nil {
		return nil, false, nil
	}
	terms, _ = splitTerms(doc)
	return terms, true, nil
}

// MetaTargets returns the conversion targets of document id's indexed
// description: the analysed terms that follow "to" or "into" in it (the
// term of "Markdown" in "Convert documents to Markdown"), in description
// order; ok is false when there is no such document. A document indexed
// before targets were stored has none.
func (r *Reader) MetaTargets(id string) (targets []string, ok bool, err error) {
	doc, err := r.r.Document(id)
	if err != nil {
		return nil, false, fmt.Errorf("search: %w", err)
	}
	if doc == nil {
		return nil, false, nil
	}
	_, targets = splitTerms(doc)
	return targets, true, nil
}

// splitTerms reads the stored terms field of doc: its analysed terms and
// its conversion targets (marked with targetMark).
func splitTerms(doc index.Document) (terms, targets []string) {
	doc.VisitFields(func(f index.Field) {
		if f.Name() != fieldTerms {
			return
		}
		for _, t := range strings.Fields(string(f.Value())) {
			if rest, ok := strings.CutPrefix(t, targetMark); ok {
				targets = append(targets, rest)
			} else {
				terms = append(terms, t)
			}
		}
	})
	return terms, targets
}

// TermCount is a dictionary word and the number of documents holding it.
type TermCount struct {
	Term  string
	Count uint64
}

// FuzzyTerms returns the words of FieldPlain at edit distance 1 from w
// (Levenshtein, as bleve's automaton measures it), w itself left out,
// each with its document count in FieldPlain. bleve's fuzzy dictionary
// reports every count as 0 (scorch collects fuzzy candidates without
// counts), so the counts are looked up per candidate here.
func (r *Reader) FuzzyTerms(w string) ([]TermCount, error) {
	fr, ok := r.r.(index.IndexReaderFuzzy)
	if !ok {
		return nil, nil
	}
	fd, err := fr.FieldDictFuzzy(FieldPlain, w, 1, "")
	if err != nil {
		return nil, fmt.Errorf("search: fuzzy %q: %w", w, err)
	}
	cs, err := dictTerms(fd, func(t string) bool { return t != w })
	if err != nil {
		return nil, fmt.Errorf("search: fuzzy %q: %w", w, err)
	}
	for i := range cs {
		if cs[i].Count == 0 {
			if cs[i].Count, err = r.DocFreq(context.Background(), FieldPlain, cs[i].Term); err != nil {
				return nil, err
			}
		}
	}
	return cs, nil
}

// PrefixTerms returns the words of FieldPlain starting with prefix that
// keep accepts.
func (r *Reader) PrefixTerms(prefix string, keep func(term string) bool) ([]TermCount, error) {
	fd, err := r.r.FieldDictPrefix(FieldPlain, []byte(prefix))
	if err != nil {
		return nil, fmt.Errorf("search: prefix %q: %w", prefix, err)
	}
	cs, err := dictTerms(fd, keep)
	if err != nil {
		return nil, fmt.Errorf("search: prefix %q: %w", prefix, err)
	}
	return cs, nil
}

// NamesStartingWith counts the distinct whole names (FieldNameKey,
// NormalizeName's form; copies of one name in several folders count once)
// that are key or begin with key and a hyphen ("async-interview" for
// async-interview-automation), counting at most limit+1 of them.
func (r *Reader) NamesStartingWith(key string, limit int) (int, error) {
	fd, err := r.r.FieldDictPrefix(FieldNameKey, []byte(key))
	if err != nil {
		return 0, fmt.Errorf("search: name prefix %q: %w", key, err)
	}
	defer fd.Close()
	n := 0
	for n <= limit {
		e, err := fd.Next()
		if err != nil {
			return 0, fmt.Errorf("search: name prefix %q: %w", key, err)
		}
		if e == nil {
			break
		}
		if e.Term == key || strings.HasPrefix(e.Term, key+"-") {
			n++
		}
	}
	return n, nil
}

// NamesGluing returns the distinct whole names (FieldNameKey) whose words,
// glued without their hyphens, begin with w and end a word where w ends
// ("bigdatacloud" for big-data-cloud-automation, not for
// big-data-clouds; "mxtoolbox" for mx-toolbox-automation), looked up
// among the names sharing w's first byte (a name's first word may be
// shorter than any longer prefix); at most limit+1 of them.
func (r *Reader) NamesGluing(w string, limit int) ([]string, error) {
	if len(w) < 3 {
		return nil, nil
	}
	fd, err := r.r.FieldDictPrefix(FieldNameKey, []byte(w[:1]))
	if err != nil {
		return nil, fmt.Errorf("search: glued name %q: %w", w, err)
	}
	defer fd.Close()
	var out []string
	for len(out) <= limit {
		e, err := fd.Next()
		if err != nil {
			return nil, fmt.Errorf("search: glued name %q: %w", w, err)
		}
		if e == nil {
			break
		}
		glued, n := "", 0
		for _, part := range strings.Split(e.Term, "-") {
			glued += part
			n++
			if len(glued) >= len(w) {
				break
			}
		}
		if glued == w && n >= 2 {
			out = append(out, e.Term)
		}
	}
	return out, nil
}

// dictTerms reads fd to its end, keeping the words keep accepts with their
// document counts, and closes it.
func dictTerms(fd index.FieldDict, keep func(term string) bool) ([]TermCount, error) {
	defer fd.Close()
	var cs []TermCount
	for {
		e, err := fd.Next()
		if err != nil {
			return nil, err
		}
		if e == nil {
			return cs, nil
		}
		if keep(e.Term) {
			cs = append(cs, TermCount{e.Term, e.Count})
		}
	}
}

// MostFrequent returns the terms of cs, most frequent first (ties by
// term), at most max of them. It sorts cs.
func MostFrequent(cs []TermCount, max int) []string {
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].Count != cs[j].Count {
			return cs[i].Count > cs[j].Count
		}
		return cs[i].Term < cs[j].Term
	})
	if len(cs) > max {
		cs = cs[:max]
	}
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Term
	}
	return out
}

// Execute runs q over the view and returns its best limit documents by
// sc's scores, best first, and the number of matching documents; with
// count, Total counts only the documents scoring above 0 and at least
// minScore. BM25 takes the engine's field-length statistics at docs
// documents (the count the caller planned q with) unless q.BleveStats.
// It returns ctx's error if ctx ends during the run.
func (r *Reader) Execute(ctx context.Context, q *Query, sc Scorer, docs uint64, limit int, count bool, minScore float64) (*Result, error) {
	var bm25 = r.e.bm25(q, docs)
	res, err := execute(ctx, r.r, q, sc, bm25, limit, count, minScore)
	if err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return nil, ctxErr
		}
		return nil, err
	}
	return res, nil
}
