package search

import (
	"reflect"
	"testing"
)

// TestForeignStops: a query written in Spanish, German, French or
// Portuguese is told by its stop words (English's and single letters left
// out, so an English query or "n8n" is never taken for one); once it is,
// its one-letter stop words go too.
func TestForeignStops(t *testing.T) {
	for q, want := range map[string][]string{
		"mis gráficos para el artículo científico se ven poco profesionales": {"mis", "para", "el", "se", "poco"},
		"Kubernetes Manifeste für ein Deployment erstellen":                  {"für", "ein"},
		"rédiger un contrat de prestation pour un freelance":                 {"un", "de", "pour"},
		"write a toast for my sister's wedding":                              nil,
		"n8n expressions":                                                    nil,
		"export a markdown file as pdf":                                      nil,
		"Kosten der AWS Cloud senken":                                        nil, // one stop word: not sure enough
		"Crie um plano de marketing para o lançamento do meu aplicativo":     {"um", "de", "para", "meu", "o"},
		"write a plan o and e":                                               nil,
	} {
		if got := foreignStops(q); !reflect.DeepEqual(got, want) {
			t.Errorf("foreignStops(%q) = %q, want %q", q, got, want)
		}
	}
}

// TestForeignQueryStopWords: the stop words of a Spanish query do not
// match English skills that happen to hold them ("De Novo"), and the
// query's content word still finds its skill first.
func TestForeignQueryStopWords(t *testing.T) {
	ix := openMem(t, append(filler(20),
		Doc{ID: "fda", Name: "fda-de-novo", Description: "Prepare FDA De Novo requests and la documentation for el regulator."},
		Doc{ID: "contract", Name: "freelance-contract", Description: "Draft freelance contracts and statements of work."})...)
	q := "plantilla de contrato para el freelance de la agencia"
	res := mustSearch(t, ix, Request{Query: q})
	if len(res.Hits) == 0 || res.Hits[0].ID != "contract" {
		t.Fatalf("hits %v, want the contract skill first", ids(res.Hits))
	}
	for _, h := range res.Hits {
		if h.ID == "fda" {
			t.Errorf("the FDA skill matched the query's stop words: %+v", h.Matched)
		}
	}
	ix.tune.foreign = false
	res = mustSearch(t, ix, Request{Query: q})
	found := false
	for _, h := range res.Hits {
		found = found || h.ID == "fda"
	}
	if !found {
		t.Errorf("without dropping them the stop words should match the FDA skill: %v", ids(res.Hits))
	}
}
