package engine

import (
	"unsafe"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/document"
	"github.com/blevesearch/bleve/v2/mapping"
	index "github.com/blevesearch/bleve_index_api"
)

// docFields are the fields of Doc.fields, in the order docBuilder adds
// them.
var docFields = [...]string{FieldName, FieldNameKey, FieldDescription, FieldPlain, fieldLensKey, fieldTerms, FieldTags, FieldBody}

// docBuilder makes the bleve document bleve's mapping makes of
// Doc.fields (IndexMappingImpl.MapDocument), without its reflection
// walk: one text field per string, each array element its own field
// with its index as array position, every field with its mapping's
// indexing options and analyser, and the "_all" composite field
// excluding them all. Mapping was a quarter of Prepare's CPU for
// documents without bodies. The field order differs (the mapping walks
// a Go map, in random order); nothing depends on it.
type docBuilder struct {
	opts     [len(docFields)]index.FieldIndexingOptions
	analyzer [len(docFields)]analysis.Analyzer
}

// newDocBuilder returns a builder for m, or nil when m is not the plain
// static mapping newMapping makes (then documents are mapped by m).
func newDocBuilder(m mapping.IndexMapping) *docBuilder {
	im, ok := m.(*mapping.IndexMappingImpl)
	// Without type mappings, every document has the default mapping.
	if !ok || len(im.TypeMapping) > 0 || im.DefaultMapping == nil || !im.DefaultMapping.Enabled {
		return nil
	}
	dm := im.DefaultMapping
	if _, ok := dm.Properties["_all"]; ok {
		return nil
	}
	var b docBuilder
	for i, name := range docFields {
		sub := dm.Properties[name]
		if sub == nil || !sub.Enabled || sub.Nested || len(sub.Properties) > 0 || len(sub.Fields) != 1 {
			return nil
		}
		fm := sub.Fields[0]
		if fm.Type != "text" || fm.Name != name || fm.IncludeInAll || fm.Analyzer == "" {
			return nil
		}
		b.opts[i] = fm.Options()
		if b.analyzer[i] = im.AnalyzerNamed(fm.Analyzer); b.analyzer[i] == nil {
			return nil
		}
	}
	return &b
}

// fieldText is one text field of a document being built: which of
// docFields, its array position (-1: not an array element) and value.
type fieldText struct {
	field int
	pos   int
	value string
}

// build makes the document of id with the given text fields (the
// elements of an array adjacent, in order). analyse returns the tokens
// of an indexed field when the caller analysed it (ok): the field then
// carries its term frequencies, counted here (countedField); otherwise
// the field gets the mapping's analyser.
//
// The elements of an array field that is neither stored nor has term
// vectors or doc values (plain, tags) become one field: bleve's segment
// builder merges the frequencies of same-named fields of a document and
// sums their lengths (zapx's invertedIndexOpaque.process), so one field
// counted over all elements indexes the same postings, frequencies and
// norms, without the merge.
func (b *docBuilder) build(id string, texts []fieldText, c *counter, analyse func(fieldText) (toks analysis.TokenStream, ok bool)) *document.Document {
	doc := document.NewDocument(id)
	doc.Fields = make([]document.Field, 0, len(texts))
	top := []uint64{}
	var present [len(docFields)]bool
	if c == nil {
		c = &counter{}
	}
	for i := 0; i < len(texts); i++ {
		t := texts[i]
		ap := top
		if t.pos >= 0 {
			ap = []uint64{uint64(t.pos)}
		}
		present[t.field] = true
		opts := b.opts[t.field]
		f := document.NewTextFieldCustom(docFields[t.field], ap, []byte(t.value), opts, b.analyzer[t.field])
		toks, ok := analyse(t)
		if !ok || !opts.IsIndexed() || opts.IncludeTermVectors() {
			doc.AddField(f)
			continue
		}
		cf := &countedField{TextField: f, length: len(toks), plainBytes: f.NumPlainTextBytes()}
		streams := append(c.streams[:0], toks)
		for t.pos >= 0 && !opts.IsStored() && !opts.IncludeDocValues() &&
			i+1 < len(texts) && texts[i+1].field == t.field && texts[i+1].pos >= 0 {
			i++
			next := texts[i]
			toks, ok := analyse(next)
			if !ok {
				toks = b.analyzer[next.field].Analyze([]byte(next.value))
			}
			streams = append(streams, toks)
			cf.length += len(toks)
			cf.plainBytes += uint64(len(next.value))
		}
		cf.freqs = c.count(cf.length, streams, opts)
		clear(streams)
		c.streams = streams[:0]
		doc.AddField(cf)
	}
	excluded := make([]string, 1, 1+len(docFields))
	excluded[0] = "_id"
	for i, name := range docFields {
		if present[i] {
			excluded = append(excluded, name)
		}
	}
	doc.AddField(document.NewCompositeFieldWithIndexingOptions("_all", true, []string{}, excluded, index.IndexField|index.IncludeTermVectors))
	doc.SetIndexed()
	return doc
}

// countedField is an indexed text field analysed before it reaches
// bleve: its Analyze keeps the length and term frequencies counted when
// it was built. Counting in Prepare, with fewer allocations than bleve's
// analysis.TokenFrequency (one string and one TokenFreq per term), takes
// it off the write. Every other method is the text field's.
type countedField struct {
	*document.TextField
	length     int
	freqs      index.TokenFrequencies
	plainBytes uint64 // of every element, for an array's elements in one field
}

// Analyze does nothing: the field was analysed when it was built.
func (f *countedField) Analyze() {}

// AnalyzedLength is the number of tokens of the field.
func (f *countedField) AnalyzedLength() int { return f.length }

// NumPlainTextBytes is the length of the text the field holds (of every
// element, for an array), for bleve's statistics.
func (f *countedField) NumPlainTextBytes() uint64 { return f.plainBytes }

// AnalyzedTokenFrequencies are the field's terms with their frequencies.
func (f *countedField) AnalyzedTokenFrequencies() index.TokenFrequencies { return f.freqs }

// counter counts term frequencies as analysis.TokenFrequency does for a
// field without term vectors, allocating TokenFreqs in blocks. One per
// worker (chainMemo.counter): a block serves several documents.
type counter struct {
	block   []index.TokenFreq
	streams []analysis.TokenStream // scratch for docBuilder.build
}

// count returns the frequencies of the terms of the streams, n tokens in
// all. Keys share the terms' bytes: nothing changes a term once analysed.
func (c *counter) count(n int, streams []analysis.TokenStream, opts index.FieldIndexingOptions) index.TokenFrequencies {
	rv := make(index.TokenFrequencies, min(n, 256)) // a body's distinct terms are far fewer than its tokens
	for _, toks := range streams {
		for _, tok := range toks {
			key := unsafe.String(unsafe.SliceData(tok.Term), len(tok.Term))
			tf := rv[key]
			if tf == nil {
				if len(c.block) == cap(c.block) {
					c.block = make([]index.TokenFreq, 0, 256)
				}
				c.block = append(c.block, index.TokenFreq{Term: tok.Term})
				tf = &c.block[len(c.block)-1]
				rv[key] = tf
			}
			if !opts.SkipFreqNorm() {
				tf.SetFrequency(tf.Frequency() + 1)
			}
		}
	}
	return rv
}
