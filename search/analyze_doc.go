package search

import (
	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/document"
	"github.com/blevesearch/bleve/v2/mapping"
	index "github.com/blevesearch/bleve_index_api"
)

// docFields are the fields of Doc.fields, in the order docBuilder adds
// them.
var docFields = [...]string{fieldName, fieldNameKey, fieldDescription, fieldPlain, fieldLensKey, fieldTerms, fieldTags, fieldBody}

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

// build makes the document of id with the given text fields (in any
// order), each with the analyser analyse returns for it (nil: the
// mapping's).
func (b *docBuilder) build(id string, texts []fieldText, analyse func(fieldText) analysis.Analyzer) *document.Document {
	doc := document.NewDocument(id)
	doc.Fields = make([]document.Field, 0, len(texts))
	top := []uint64{}
	var present [len(docFields)]bool
	for _, t := range texts {
		ap := top
		if t.pos >= 0 {
			ap = []uint64{uint64(t.pos)}
		}
		ana := analyse(t)
		if ana == nil {
			ana = b.analyzer[t.field]
		}
		doc.AddField(document.NewTextFieldCustom(docFields[t.field], ap, []byte(t.value), b.opts[t.field], ana))
		present[t.field] = true
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
