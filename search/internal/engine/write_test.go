package engine

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	index "github.com/blevesearch/bleve_index_api"
)

// indexContent reads every field's terms and postings (document, frequency,
// norm, positions) and the stored fields of e: what searches score.
func indexContent(t *testing.T, e *Engine) map[string]string {
	t.Helper()
	r, err := reader(e.idx)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	out := map[string]string{}
	for _, field := range []string{FieldName, FieldNameKey, FieldDescription, FieldTags, FieldBody, FieldPlain} {
		dict, err := r.FieldDict(field)
		if err != nil {
			t.Fatal(err)
		}
		for {
			e, err := dict.Next()
			if err != nil {
				t.Fatal(err)
			}
			if e == nil {
				break
			}
			tfr, err := r.TermFieldReader(context.Background(), []byte(e.Term), field, true, true, true)
			if err != nil {
				t.Fatal(err)
			}
			var hits []string
			for {
				d, err := tfr.Next(&index.TermFieldDoc{})
				if err != nil {
					t.Fatal(err)
				}
				if d == nil {
					break
				}
				id, err := r.ExternalID(d.ID)
				if err != nil {
					t.Fatal(err)
				}
				h := fmt.Sprintf("%s freq %d norm %g at", id, d.Freq, d.Norm)
				for _, v := range d.Vectors {
					h += fmt.Sprintf(" %d:%d-%d%v", v.Pos, v.Start, v.End, v.ArrayPositions)
				}
				hits = append(hits, h)
			}
			tfr.Close()
			// Internal document numbers follow the batch's map order.
			slices.Sort(hits)
			out[field+" "+e.Term] = strings.Join(hits, "; ")
		}
		dict.Close()
	}
	ids, err := e.IDs()
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		doc, err := e.idx.Document(id)
		if err != nil {
			t.Fatal(err)
		}
		doc.VisitFields(func(f index.Field) {
			out["stored "+id+" "+f.Name()] = string(f.Value())
		})
	}
	return out
}

// TestPreparedLikeMapped: documents prepared with the name and
// description analysed once, and each text tokenized once for the text
// and plain fields (prepare), index exactly what bleve's own mapping and
// analysis index (Batch.Index): the same terms, postings, norms and
// positions in every field, the same stored fields.
func TestPreparedLikeMapped(t *testing.T) {
	docs := []Doc{
		{ID: "a", Name: "pdf-form-filler", Description: "Fills PDF forms: the user's fields, checkboxes and signatures. Use for forms.", Tags: []string{"pdf", "forms"}, Body: "# Steps\n\nOpen the PDF, fill every form field."},
		{ID: "b", Name: "Code Review", Description: "Code Review Helper", Body: "Reviews pull requests for bugs and style.\n\n- checks tests\n- reads the diff twice"},
		{ID: "c", Name: "snake_case_tool", Description: "Converts snake_case and kebab-case names; the the the repeated words.", Tags: []string{"naming", "case tools"}},
		{ID: "d", Name: "日本語ツール", Description: "日本語のテキストを要約する。 Summarises Japanese text.", Body: "テキスト"},
		{ID: "e", Name: "relational-db", Description: "General executive relations: generate relational schemas.", Tags: nil},
		{ID: "f", Name: "x", Description: ""},
	}
	for i := range 40 {
		docs = append(docs, Doc{ID: fmt.Sprintf("g%02d", i), Name: fmt.Sprintf("tool-%d", i),
			Description: fmt.Sprintf("Handles chore %d, word%d and word%d for deploys.", i, i%7, i%5), Tags: []string{fmt.Sprintf("t%d", i%3)}})
	}
	got := openMem(t, docs...)
	m := got.idx.Mapping()
	if newAnalyzers(m, m.AnalyzerNamed(analyzerText)).start == nil {
		t.Error("the text and plain analysers share no tokenizing: the shared path is not tested")
	}

	want, err := Open("", 0)
	if err != nil {
		t.Fatal(err)
	}
	defer want.Close()
	ana := want.idx.Mapping().AnalyzerNamed(analyzerText)
	b := want.idx.NewBatch()
	for i := range docs {
		d := &docs[i]
		if err := b.Index(d.ID, d.fields(d.lengths(), d.metaTerms(ana), d.indexedDescription())); err != nil {
			t.Fatal(err)
		}
	}
	if err := want.idx.Batch(b); err != nil {
		t.Fatal(err)
	}

	g, w := indexContent(t, got), indexContent(t, want)
	if len(w) < 100 {
		t.Fatalf("reference index has only %d entries", len(w))
	}
	if !reflect.DeepEqual(g, w) {
		for k, v := range w {
			if g[k] != v {
				t.Errorf("%s:\n prepared %q\n mapped   %q", k, g[k], v)
			}
		}
		for k, v := range g {
			if _, ok := w[k]; !ok {
				t.Errorf("%s only in the prepared index: %q", k, v)
			}
		}
	}
}

// TestPrepare: documents prepared ahead are written as Index writes
// them (the last of a repeated ID wins); prepared for another index
// (a catalog that moved to memory meanwhile), they are prepared again.
func TestPrepare(t *testing.T) {
	a, b := openMem(t), openMem(t)
	docs := buildDocs(5, false)
	docs = append(docs, Doc{ID: "skill/002", Name: "renamed-tool", Description: "A later version of skill 2."})
	p, err := a.Prepare(docs...)
	if err != nil {
		t.Fatal(err)
	}
	if p.Len() != 5 {
		t.Errorf("prepared %d documents, want 5 (one ID repeated)", p.Len())
	}
	for _, e := range []*Engine{a, b} {
		if err := e.IndexPreparedUnsynced(p); err != nil {
			t.Fatal(err)
		}
		if n, _ := e.Count(); n != 5 {
			t.Errorf("%d documents indexed, want 5", n)
		}
		if got := mustSearch(t, e, Request{Query: "renamed tool", Limit: 3}); len(got.Hits) == 0 || got.Hits[0].ID != "skill/002" {
			t.Errorf("the last version of a repeated ID is not the one indexed: %v", ids(got.Hits))
		}
	}
	if _, err := a.Prepare(Doc{ID: " ", Name: "x"}); err == nil {
		t.Error("Prepare accepted an empty ID")
	}
}
