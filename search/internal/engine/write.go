package engine

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/document"
	"github.com/blevesearch/bleve/v2/mapping"
	index "github.com/blevesearch/bleve_index_api"
)

// batchSize is the number of documents the Index methods send to bleve
// per batch (library-facts: 250-500 keeps memory sane) when they hold at
// least batchBytes of text; batches of smaller documents (names,
// descriptions and tags without bodies, as a cold build writes them
// first) grow up to maxBatchDocs, and deletions go maxBatchDocs at a
// time: each batch becomes a segment, and every segment is merged again
// later, so fewer and larger segments cost less CPU.
const (
	batchSize    = 250
	batchBytes   = 2 << 20
	maxBatchDocs = 5000
)

// fields is d as bleve's mapping reads it; desc is d.indexedDescription().
func (d *Doc) fields(l fieldLens, terms, desc string) map[string]interface{} {
	plain := make([]string, 0, 2+len(d.Tags))
	plain = append(plain, d.Name, d.Description)
	plain = append(plain, d.Tags...)
	f := map[string]interface{}{
		FieldName:        d.Name,
		FieldNameKey:     NormalizeName(d.Name),
		FieldDescription: desc,
		FieldPlain:       plain,
		fieldLensKey:     l.text(),
		fieldTerms:       terms,
	}
	if len(d.Tags) > 0 {
		f[FieldTags] = d.Tags
	}
	if d.Body != "" {
		f[FieldBody] = d.Body
	}
	return f
}

// Index adds or replaces (upserts) docs by ID, sending them to bleve in
// batches of 250, and returns once they are searchable and on disk (with
// every earlier write: see Sync). If an ID appears more than once in docs
// the last one wins. An empty ID is an error and nothing is written; if a
// batch fails, the batches before it stay written.
func (e *Engine) Index(docs ...Doc) error {
	if err := e.IndexUnsynced(docs...); err != nil {
		return err
	}
	return e.Sync()
}

// IndexUnsynced is Index without the wait for the disk: it returns once
// the docs are searchable, and bleve writes them to disk in the
// background, in order (a crash loses a suffix of the unsynced writes,
// never a write in the middle). Sync waits for them; Close does too. Use
// it where losing the write in a crash is repaired from elsewhere (a
// catalog writing skills new to its store: the next open re-indexes the
// ids the index lacks). It fails without writing when bleve reported that
// it could not write an earlier batch to disk.
func (e *Engine) IndexUnsynced(docs ...Doc) error {
	for len(docs) > 0 {
		// Prepared a batch at a time: a prepared batch holds its
		// documents' analysis.
		n := batchLen(docs)
		p, err := e.Prepare(docs[:n]...)
		if err != nil {
			return err
		}
		if err := e.IndexPreparedUnsynced(p); err != nil {
			return err
		}
		docs = docs[n:]
	}
	return nil
}

// Prepared holds documents mapped and analysed for one Index (Prepare),
// ready to be written (IndexPreparedUnsynced). It holds the documents'
// analysed terms: prepare a batch at a time.
type Prepared struct {
	e    *Engine
	docs []Doc // as given, the last occurrence of each ID kept
	prep []prepared
}

// Len is the number of documents p holds.
func (p *Prepared) Len() int { return len(p.docs) }

// Prepare maps and analyses docs for IndexPreparedUnsynced, on all
// cores, without taking the index's write lock: a caller writing batch
// after batch prepares the next one while the last is written. If an ID
// appears more than once the last one wins. An empty ID is an error.
func (e *Engine) Prepare(docs ...Doc) (*Prepared, error) {
	for i := range docs {
		if strings.TrimSpace(docs[i].ID) == "" {
			return nil, fmt.Errorf("search: index: doc %d (name %q) has an empty ID", i, docs[i].Name)
		}
	}
	idx, done, err := e.live()
	if err != nil {
		return nil, err
	}
	defer done()
	// Keep the last occurrence of each ID.
	last := make(map[string]int, len(docs))
	for i := range docs {
		last[docs[i].ID] = i
	}
	kept := docs
	if len(last) < len(docs) {
		kept = make([]Doc, 0, len(last))
		for i := range docs {
			if last[docs[i].ID] == i {
				kept = append(kept, docs[i])
			}
		}
	}
	m := idx.Mapping()
	ana := m.AnalyzerNamed(analyzerText)
	if ana == nil {
		return nil, fmt.Errorf("search: analyzer %q missing from mapping", analyzerText)
	}
	a := newAnalyzers(m, ana)
	a.memos = &e.memos
	p := &Prepared{e: e, docs: kept, prep: prepareAll(m, a, kept)}
	for _, d := range p.prep {
		if d.err != nil {
			return nil, d.err
		}
	}
	return p, nil
}

// IndexPreparedUnsynced is IndexUnsynced for documents Prepare prepared
// (for this index; prepared for another, they are prepared again).
func (e *Engine) IndexPreparedUnsynced(p *Prepared) error {
	if p.e != e {
		q, err := e.Prepare(p.docs...)
		if err != nil {
			return err
		}
		p = q
	}
	idx, unlock, err := e.lockWrite()
	if err != nil {
		return err
	}
	defer unlock()
	w := e.newWriter(idx)
	for len(p.prep) > 0 {
		n := batchLen(p.docs)
		for _, d := range p.prep[:n] {
			if err := w.forget(d.doc.ID()); err != nil {
				return w.fail(err)
			}
			w.st.add(d.lens, +1)
			e.written.Add(1)
			if err := w.b.IndexAdvanced(d.doc); err != nil {
				return w.fail(fmt.Errorf("search: index %q: %w", d.doc.ID(), err))
			}
			w.n++
		}
		if err := w.flush(); err != nil {
			return err
		}
		p = &Prepared{e: e, docs: p.docs[n:], prep: p.prep[n:]}
	}
	return nil
}

// batchLen is how many of docs go to bleve in the next batch: batchSize,
// or up to maxBatchDocs while they hold less than batchBytes of text.
func batchLen(docs []Doc) int {
	bytes := 0
	for n := range docs {
		if n >= maxBatchDocs || (n >= batchSize && bytes >= batchBytes) {
			return n
		}
		bytes += docs[n].size()
	}
	return len(docs)
}

// prepared is one document mapped and analysed for bleve, with its field
// lengths.
type prepared struct {
	doc  *document.Document
	lens fieldLens
	err  error
}

// prepareAll prepares docs on all cores.
func prepareAll(m mapping.IndexMapping, ana analyzers, docs []Doc) []prepared {
	out := make([]prepared, len(docs))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(docs)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := ana.memos.get()
			defer ana.memos.put(w)
			for k := int(next.Add(1) - 1); k < len(docs); k = int(next.Add(1) - 1) {
				out[k] = prepare(m, ana, w, &docs[k])
			}
		}()
	}
	wg.Wait()
	return out
}

// prepare maps d as bleve's Batch.Index would and analyses every indexed
// text field the way bleve's TextField.Analyze would, so bleve's batch
// only counts the terms: the analysis runs where the caller prepares
// (Prepare), not while the index is written. The name and the indexed
// description are analysed once for both their fields and the terms
// stored for feedback (fieldTerms). w is the calling worker's memo of the
// analysis (analyze.go).
func prepare(m mapping.IndexMapping, ana analyzers, w *chainMemo, d *Doc) prepared {
	desc := d.indexedDescription()
	// The text fields (name, description, tags) and the plain field
	// (name, description, tags unstemmed) share each text's tokens.
	shared := w.shared[:0]
	both := func(text string) *[2]analysis.TokenStream {
		for i := range shared {
			if shared[i].text == text {
				return &shared[i].toks
			}
		}
		var st [2]analysis.TokenStream
		st[0], st[1] = ana.both([]byte(text), w)
		shared = append(shared, sharedText{text: text, toks: st})
		return &shared[len(shared)-1].toks
	}
	defer func() { w.shared = shared[:0] }()
	nameToks := both(d.Name)[0]
	descToks := both(desc)[0]
	l := d.lengthsOf(desc)
	terms := withTargets(w.distinctTerms(nameToks, descToks), conversionTargets(desc, descToks))
	if ana.docs != nil {
		return prepared{doc: buildDoc(ana, w, d, desc, l, terms, nameToks, descToks, both), lens: l}
	}
	doc := document.NewDocument(d.ID)
	if err := m.MapDocument(doc, d.fields(l, terms, desc)); err != nil {
		return prepared{err: fmt.Errorf("search: index %q: %w", d.ID, err)}
	}
	for i, f := range doc.Fields {
		tf, ok := f.(*document.TextField)
		if !ok || !tf.Options().IsIndexed() || tf.Analyzer() == nil {
			continue
		}
		var toks analysis.TokenStream
		switch {
		case tf.Name() == FieldName:
			toks = nameToks
		case tf.Name() == FieldDescription:
			toks = descToks
		case tf.Name() == FieldTags && tf.Analyzer() == ana.text:
			toks = both(string(tf.Value()))[0]
		case tf.Name() == FieldPlain && tf.Analyzer() == ana.plain:
			toks = both(string(tf.Value()))[1]
		case tf.Analyzer() == ana.text && !tf.Options().IsStored():
			toks = ana.textOnly(tf.Value(), w) // the body
		default:
			text := tf.Value()
			if tf.Options().IsStored() {
				text = slices.Clone(text) // analysers may change their input; TextField.Analyze copies too
			}
			toks = tf.Analyzer().Analyze(text)
		}
		doc.Fields[i] = document.NewTextFieldCustom(tf.Name(), tf.ArrayPositions(), tf.Value(), tf.Options(), analyzed(toks))
	}
	return prepared{doc: doc, lens: l}
}

// texts appends to dst the text fields of d.fields for docBuilder: the
// same values at the same array positions.
func (d *Doc) texts(dst []fieldText, desc string, l fieldLens, terms string) []fieldText {
	add := func(field, pos int, value string) { dst = append(dst, fieldText{field: field, pos: pos, value: value}) }
	add(0, -1, d.Name)
	add(1, -1, NormalizeName(d.Name))
	add(2, -1, desc)
	add(3, 0, d.Name)
	add(3, 1, d.Description)
	for i, t := range d.Tags {
		add(3, 2+i, t)
	}
	add(4, -1, l.text())
	add(5, -1, terms)
	for i, t := range d.Tags {
		add(6, i, t)
	}
	if d.Body != "" {
		add(7, -1, d.Body)
	}
	return dst
}

// sharedText is a text prepare analysed, with its text and plain tokens.
type sharedText struct {
	text string
	toks [2]analysis.TokenStream
}

// buildDoc is prepare's document built by ana.docs, as d.fields mapped by
// the mapping would be: each indexed field gets the tokens prepare
// analysed, or its own analysis.
func buildDoc(ana analyzers, w *chainMemo, d *Doc, desc string, l fieldLens, terms string,
	nameToks, descToks analysis.TokenStream, both func(string) *[2]analysis.TokenStream) *document.Document {
	texts := d.texts(w.texts[:0], desc, l, terms)
	w.texts = texts[:0]
	b := ana.docs
	return b.build(d.ID, texts, &w.counter, func(t fieldText) (analysis.TokenStream, bool) {
		fa := b.analyzer[t.field]
		if !b.opts[t.field].IsIndexed() {
			return nil, false
		}
		switch field := docFields[t.field]; {
		case field == FieldName && fa == ana.text:
			return nameToks, true
		case field == FieldDescription && fa == ana.text:
			return descToks, true
		case field == FieldBody && fa == ana.text:
			return ana.textOnly([]byte(t.value), w), true
		case fa == ana.text:
			return both(t.value)[0], true
		case fa == ana.plain:
			return both(t.value)[1], true
		}
		return fa.Analyze([]byte(t.value)), true
	})
}

// analyzed is an analysis.Analyzer that returns a token stream analysed
// before, for the one field it was made for.
type analyzed analysis.TokenStream

// Analyze returns the stored tokens; the text is the field's value, the
// one they were analysed from.
func (a analyzed) Analyze([]byte) analysis.TokenStream { return analysis.TokenStream(a) }

// Delete removes the docs with the given IDs and returns once that is on
// disk (with every earlier write: see Sync). Unknown and empty IDs are
// ignored.
func (e *Engine) Delete(ids ...string) error {
	if err := e.DeleteUnsynced(ids...); err != nil {
		return err
	}
	return e.Sync()
}

// DeleteUnsynced is Delete without the wait for the disk, like
// IndexUnsynced.
func (e *Engine) DeleteUnsynced(ids ...string) error {
	idx, unlock, err := e.lockWrite()
	if err != nil {
		return err
	}
	defer unlock()

	w := e.newWriter(idx)
	seen := make(map[string]bool, len(ids))
	for _, id := range ids {
		if id == "" || seen[id] {
			continue
		}
		seen[id] = true
		if err := w.forget(id); err != nil {
			return w.fail(err)
		}
		w.b.Delete(id)
		e.written.Add(1)
		if err := w.added(); err != nil {
			return err
		}
	}
	return w.flush()
}

// Sync returns once every write made so far (IndexUnsynced,
// DeleteUnsynced) is on disk, or with the error bleve reported writing
// one of them (disk full, read-only file system, I/O error: the index
// stays searchable in memory, and bleve retries in the background).
// Writes made after a failed Sync also fail with that error until bleve
// has written everything. A no-op for an in-memory index.
func (e *Engine) Sync() error {
	if e.dur == nil {
		return nil
	}
	return e.dur.wait()
}

// persistAll waits until bleve has written its current snapshot, with
// every write, to disk: the batches sent through the writer, and any
// change made to bleve directly (scorch's Close drops what its persister
// has not written yet). When the snapshot bleve serves is newer than the
// one it wrote, an empty batch is sent with a persisted callback: bleve
// writes snapshots in order, so once that one is on disk, so is every
// earlier change. Nothing is written when nothing changed.
func (e *Engine) persistAll() error {
	if err := e.dur.wait(); err != nil {
		return err
	}
	s, ok := scorchOf(e.idx)
	if !ok {
		return nil
	}
	m := s.StatsMap()
	cur, _ := m["CurRootEpoch"].(uint64)
	done, _ := m["LastPersistedEpoch"].(uint64)
	if cur <= done {
		return nil
	}
	b := e.idx.NewBatch()
	b.SetPersistedCallback(e.dur.sent())
	if err := e.idx.Batch(b); err != nil {
		e.dur.unsent()
		return fmt.Errorf("search: write index to disk: %w", err)
	}
	return e.dur.wait()
}

// lockWrite opens the live index for a write and takes the write lock
// (e.wmu); unlock releases both. It fails without locking when the index
// is closed or bleve reported that it could not write an earlier batch
// to disk (persistErr).
func (e *Engine) lockWrite() (idx bleve.Index, unlock func(), err error) {
	idx, done, err := e.live()
	if err != nil {
		return nil, nil, err
	}
	if err := e.persistErr(); err != nil {
		done()
		return nil, nil, err
	}
	e.wmu.Lock()
	e.leads.beginWrite()
	return idx, func() { e.leads.endWrite(); e.wmu.Unlock(); done() }, nil
}

func (e *Engine) persistErr() error {
	if e.dur == nil {
		return nil
	}
	if err := e.dur.check(); err != nil {
		return fmt.Errorf("search: an earlier write could not be written to disk: %w", err)
	}
	return nil
}

// writer batches document operations together with the length
// bookkeeping; callers hold e.wmu.
type writer struct {
	e   *Engine
	idx bleve.Index
	b   *bleve.Batch
	n   int         // documents in b
	st  corpusStats // totals including b
}

func (e *Engine) newWriter(idx bleve.Index) *writer {
	return &writer{e: e, idx: idx, b: idx.NewBatch(), st: *e.stats.Load()}
}

// forget removes id's previous lengths (if it is indexed) from the totals
// and notes id as written for the lead cache.
func (w *writer) forget(id string) error {
	w.e.leads.written(id)
	doc, err := w.idx.Document(id)
	if err != nil {
		return fmt.Errorf("search: read lengths of %q: %w", id, err)
	}
	if doc == nil {
		return nil
	}
	doc.VisitFields(func(f index.Field) {
		if f.Name() == fieldLensKey {
			if l, err := parseLens(string(f.Value())); err == nil {
				w.st.add(l, -1)
			}
		}
	})
	return nil
}

// added counts one deletion and flushes a full batch (deletions are
// small: maxBatchDocs per batch).
func (w *writer) added() error {
	w.n++
	if w.n >= maxBatchDocs {
		return w.flush()
	}
	return nil
}

// flush writes the batch with the new totals, atomically with the docs.
func (w *writer) flush() error {
	if w.n == 0 {
		return nil
	}
	w.b.SetInternal(statsKey, w.st.encode())
	if d := w.e.dur; d != nil {
		w.b.SetPersistedCallback(d.sent())
	}
	if err := w.idx.Batch(w.b); err != nil {
		if d := w.e.dur; d != nil {
			d.unsent() // a refused batch is never persisted
		}
		return w.fail(fmt.Errorf("search: write batch: %w", err))
	}
	st := w.st
	w.e.stats.Store(&st)
	w.b.Reset()
	w.n = 0
	return nil
}

// fail reloads the persisted totals (the failed batch was not applied) and
// returns err.
func (w *writer) fail(err error) error {
	if st, lerr := loadStats(w.idx); lerr == nil {
		w.e.stats.Store(&st)
	}
	return err
}

// size is the text bytes of d bleve analyses, roughly.
func (d *Doc) size() int {
	n := len(d.Name) + len(d.Description) + len(d.Body)
	for _, t := range d.Tags {
		n += len(t)
	}
	return n
}
