package search

import (
	"context"
	"testing"
)

// TestFitsUnknownWords: the answerability estimate behind NoGoodMatch
// (fits) counts a query's English words that no skill uses anywhere, and
// only those: a misspelt word, a foreign word and a word only a body uses
// do not count, so a typo, another language or a specific word a skill
// explains in its body is not read as "nothing here fits".
func TestFitsUnknownWords(t *testing.T) {
	ix := openMem(t,
		Doc{ID: "pdf-forms", Name: "pdf-forms", Description: "Fill PDF forms and extract their fields"},
		Doc{ID: "csv-cleaner", Name: "csv-cleaner", Description: "Clean CSV files: fix delimiters, encodings and broken rows",
			Body: "Works on exports from spreadsheets. A fuzzing harness checks the parser."},
		Doc{ID: "git-commit", Name: "git-commit", Description: "Write conventional git commit messages"},
	)
	for _, c := range []struct {
		query       string
		unknown     bool // some of the query counts as unknown English words
		noGoodMatch bool
	}{
		{"knit a scarf from the csv of yarn colours", true, true},
		{"clean csv files", false, false},
		{"clean csv fiels", false, false},                   // a typo is not English
		{"limpiar archivos csv", false, false},              // nor is Spanish
		{"csv parser with a fuzzing harness", false, false}, // "harness" is in a body
	} {
		res, err := ix.Search(context.Background(), Request{Query: c.query})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Hits) == 0 {
			t.Fatalf("%q: no hits", c.query)
		}
		if got := res.Hits[0].feat.unknownWords > 0; got != c.unknown {
			t.Errorf("%q: unknown English words %.2f of the query, want some: %v", c.query, res.Hits[0].feat.unknownWords, c.unknown)
		}
		if res.NoGoodMatch != c.noGoodMatch {
			t.Errorf("%q: NoGoodMatch %v, want %v (first hit %s, fits %.2f, cut %.2f)", c.query, res.NoGoodMatch, c.noGoodMatch,
				res.Hits[0].ID, res.Hits[0].feat.fits(), fitsCut)
		}
	}
}

// TestFitsUnknownName: fits reads a query as naming something the catalog
// lacks (a tool or language no skill mentions, "Verilog") only for a word
// of plain letters that is not English, in no field of any skill, not a
// typo of a catalog word, in a query written mostly in English: a typo,
// a foreign query and an unknown English word are not names. A word of
// letters with a digit inside ("i3wm") names something too.
func TestFitsUnknownName(t *testing.T) {
	ix := openMem(t,
		Doc{ID: "pdf-forms", Name: "pdf-forms", Description: "Fill PDF forms and extract their fields"},
		Doc{ID: "csv-cleaner", Name: "csv-cleaner", Description: "Clean CSV files: fix delimiters, encodings and broken rows",
			Body: "Works on exports from spreadsheets. A fuzzing harness checks the parser."},
		Doc{ID: "git-commit", Name: "git-commit", Description: "Write conventional git commit messages"},
	)
	for _, c := range []struct {
		query string
		name  bool
	}{
		{"write a Verilog module that cleans csv files", true},
		{"fill pdf forms with pdftk", true},
		{"clean csv files", false},
		{"clean csv fiels", false},                           // a typo of a catalog word
		{"limpiar archivos csv", false},                      // not English
		{"die CSV-Dateien bereinigen und prüfen", false},     // German (foreignStops)
		{"knit a scarf from the csv of yarn colours", false}, // English words: unknownWords
		{"csv parser with a fuzzing harness", false},
		{"clean csv files for my i3wm status bar", true}, // letters with a digit inside
		{"clean csv files on an ec2 box", false},         // a digit at the end
	} {
		res, err := ix.Search(context.Background(), Request{Query: c.query})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Hits) == 0 {
			t.Fatalf("%q: no hits", c.query)
		}
		if got := res.Hits[0].feat.unknownName; got != c.name {
			t.Errorf("%q: names something unknown %v, want %v", c.query, got, c.name)
		}
	}
	ix.tune.digitName = false
	defer func() { ix.tune = defaultTuning }()
	res, err := ix.Search(context.Background(), Request{Query: "clean csv files for my i3wm status bar"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Hits) == 0 || res.Hits[0].feat.unknownName {
		t.Error("with digitName off, i3wm still names something unknown: the test no longer measures the rule")
	}
}
